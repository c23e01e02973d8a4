import "server-only";
import { randomBytes } from "node:crypto";
import { hashToken } from "@/server/services/tokens/token-format";

/**
 * Every OAuth secret is 256 random bits behind a prefix that names its kind, so a leaked one
 * is recognisable (secret scanners, logs) and a token of one kind is never taken for another.
 * Only `hashSecret(value)` is stored.
 */
const PREFIX = {
  clientSecret: "fh_cs_",
  code: "fh_ac_",
  accessToken: "fh_at_",
  refreshToken: "fh_rt_",
} as const;

export type SecretKind = keyof typeof PREFIX;

export const newSecret = (kind: SecretKind) => `${PREFIX[kind]}${randomBytes(32).toString("base64url")}`;

/** Client ids are public identifiers, not secrets: shorter, and stored as they are. */
export const newClientId = () => `fh_client_${randomBytes(12).toString("hex")}`;

/** High-entropy values: a fast unsalted SHA-256 is enough and keeps lookups indexable. */
export const hashSecret = hashToken;

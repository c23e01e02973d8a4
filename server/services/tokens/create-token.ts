import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { apiTokens, forms } from "@/db/schema";
import { V1_SCOPES, V2_SCOPES } from "@/lib/scopes/token-scopes";
import { displayPrefix, generateToken, hashToken, type TokenKind } from "@/server/services/tokens/token-format";
import { AppError } from "@/lib/errors";

export type CreateTokenInput = {
  organizationId: number;
  kind: TokenKind;
  scopes: string[];
  name?: string;
  /** v1: the one form the token belongs to. */
  formId?: number;
  /** v2: restrict to these forms (all must belong to the organization). */
  formIds?: number[];
  createdByUserId?: number;
};

/**
 * Mints a token and stores only its hash. The plaintext is returned once, here.
 */
export async function createApiToken(db: DbOrTx, input: CreateTokenInput): Promise<{ id: number; token: string }> {
  const allowed: readonly string[] = input.kind === "v1" ? V1_SCOPES : V2_SCOPES;
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  if (scopes.length === 0) throw new AppError("BAD_REQUEST", "at least one scope is required");
  const unknown = scopes.filter((s) => !allowed.includes(s));
  if (unknown.length) {
    throw new AppError("BAD_REQUEST", `unknown ${input.kind} scope(s): ${unknown.join(", ")} (allowed: ${allowed.join(", ")})`);
  }
  if (input.kind === "v1" && input.formId === undefined) throw new AppError("BAD_REQUEST", "a v1 token needs a form");
  if (input.kind === "v2" && input.formId !== undefined)
    throw new AppError("BAD_REQUEST", "a v2 token belongs to the organization, not a form");

  const formIds = input.kind === "v1" ? [input.formId!] : [...new Set(input.formIds ?? [])];
  if (formIds.length) {
    const found = await db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.organizationId, input.organizationId), inArray(forms.id, formIds), isNull(forms.trashedAt)));
    const missing = formIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError("NOT_FOUND", `form(s) not found in this organization: ${missing.join(", ")}`);
  }

  const token = generateToken(input.kind);
  const [row] = await db
    .insert(apiTokens)
    .values({
      organizationId: input.organizationId,
      kind: input.kind,
      formId: input.kind === "v1" ? input.formId! : null,
      allowedFormIds: input.kind === "v2" && input.formIds?.length ? formIds : null,
      name: input.name ?? "",
      displayPrefix: displayPrefix(token),
      tokenHash: hashToken(token),
      scopes,
      createdByUserId: input.createdByUserId ?? null,
    })
    .returning({ id: apiTokens.id });
  return { id: row!.id, token };
}

/** Revokes by plaintext (CLI) — the lookup is by hash, like authentication. */
export async function revokeApiTokenByValue(db: DbOrTx, token: string): Promise<boolean> {
  return (await revokeTokenByValue(db, token)) !== null;
}

/** revokeApiTokenByValue answering which token it revoked (null: none was live). */
export async function revokeTokenByValue(
  db: DbOrTx,
  token: string,
): Promise<{ id: number; organizationId: number; name: string; kind: TokenKind } | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.tokenHash, hashToken(token.trim())), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, organizationId: apiTokens.organizationId, name: apiTokens.name, kind: apiTokens.kind });
  return row ?? null;
}

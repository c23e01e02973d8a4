import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { apiTokens, forms, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { createApiToken } from "@/server/services/tokens/create-token";
import type { TokenKind } from "@/server/services/tokens/token-format";

/** A token as the dashboard lists it: never the token itself, nor its hash. */
export type TokenSummary = {
  id: number;
  kind: TokenKind;
  name: string;
  prefix: string;
  scopes: string[];
  /** v2: the forms it is limited to (null: every form); v1: its one form. */
  forms: { uuid: string; name: string }[] | null;
  createdAt: Date;
  /** Who minted it (null: the admin CLI, or an account since deleted). The token is the organization's either way. */
  createdBy: { name: string; email: string } | null;
  lastUsedAt: Date | null;
  usageCount: number;
};

export const TOKEN_NOT_FOUND = "Token not found";

/**
 * Mints a token for the organization from the dashboard; forms are named by UUID (or id) and
 * must be the organization's. The plaintext is in the answer only.
 */
export async function issueToken(
  db: DbOrTx,
  access: FormAccess,
  input: { kind: TokenKind; name: string; scopes: string[]; formRefs: string[]; createdByUserId: number },
): Promise<{ id: number; token: string }> {
  const formIds: number[] = [];
  for (const [i, ref] of input.formRefs.entries()) {
    const form = await getAccessibleFormOrThrow(db, access, ref).catch((err: unknown) => {
      throw err instanceof AppError
        ? new AppError(err.code, err.message, { path: input.kind === "v1" ? ["formUuid"] : ["formUuids", i], reason: "not found" })
        : err;
    });
    formIds.push(form.id);
  }
  if (input.kind === "v1" && formIds.length !== 1)
    throw new AppError("BAD_REQUEST", "Choose the form", { path: ["formUuid"], reason: "is required" });
  return createApiToken(db, {
    organizationId: access.organizationId,
    kind: input.kind,
    name: input.name,
    scopes: input.scopes,
    ...(input.kind === "v1" ? { formId: formIds[0] } : { formIds }),
    createdByUserId: input.createdByUserId,
  });
}

/** The organization's live tokens of one kind, newest first; v1 tokens of one form when `formRef` is given. */
export async function listTokens(db: DbOrTx, access: FormAccess, kind: TokenKind, formRef?: string): Promise<TokenSummary[]> {
  const conds = [eq(apiTokens.organizationId, access.organizationId), eq(apiTokens.kind, kind), isNull(apiTokens.revokedAt)];
  if (formRef !== undefined) conds.push(eq(apiTokens.formId, (await getAccessibleFormOrThrow(db, access, formRef)).id));
  const rows = (
    await db
      .select({ token: apiTokens, creatorName: users.name, creatorEmail: users.email })
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.createdByUserId))
      .where(and(...conds))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
  ).map((r) => ({ ...r.token, createdBy: r.creatorEmail === null ? null : { name: r.creatorName ?? "", email: r.creatorEmail } }));
  const ids = [...new Set(rows.flatMap((r) => (r.kind === "v1" ? [r.formId!] : (r.allowedFormIds ?? []))))];
  const named = ids.length
    ? await db
        .select({ id: forms.id, uuid: forms.uuid, name: forms.name })
        .from(forms)
        .where(and(eq(forms.organizationId, access.organizationId), inArray(forms.id, ids), isNull(forms.trashedAt)))
    : [];
  const byId = new Map(named.map((f) => [f.id, { uuid: f.uuid, name: f.name }]));
  const formsOf = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    prefix: r.displayPrefix,
    scopes: r.scopes,
    forms: r.kind === "v1" ? formsOf([r.formId!]) : r.allowedFormIds ? formsOf(r.allowedFormIds) : null,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    lastUsedAt: r.lastUsedAt,
    usageCount: r.usageCount,
  }));
}

/** Revokes one of the organization's tokens: the API refuses it from the next request on. Answers which one. */
export async function revokeToken(db: DbOrTx, access: FormAccess, id: number): Promise<{ id: number; name: string; kind: TokenKind }> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.organizationId, access.organizationId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name, kind: apiTokens.kind });
  if (!row) throw new AppError("NOT_FOUND", TOKEN_NOT_FOUND);
  return row;
}

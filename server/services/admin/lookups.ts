import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, organizations } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * Operator-level lookups for the admin CLI. Unlike every other service these take no tenant:
 * the operator names the organization or form, and these say whether it exists.
 * Never call them with an id that came from an API client or a dashboard user.
 */
export async function getOrganizationOrThrow(db: DbOrTx, organizationId: number): Promise<{ id: number; name: string }> {
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!org) throw new AppError("NOT_FOUND", `organization ${organizationId} not found`);
  return org;
}

/** The organization a (non-trashed) form belongs to. */
export async function getFormOwnerOrThrow(db: DbOrTx, formId: number): Promise<{ formId: number; organizationId: number }> {
  const [form] = await db
    .select({ formId: forms.id, organizationId: forms.organizationId })
    .from(forms)
    .where(and(eq(forms.id, formId), isNull(forms.trashedAt)))
    .limit(1);
  if (!form) throw new AppError("NOT_FOUND", `form ${formId} not found`);
  return form;
}

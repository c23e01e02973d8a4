import "server-only";
import { UUID_RE } from "@/lib/values/ids";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { OrganizationRole } from "@/lib/permissions";
import { parseFormRef } from "@/server/services/forms/access";

/** The organizations a user belongs to, for the header's switcher: by name. */
export async function listUserOrganizations(db: DbOrTx, userId: number): Promise<{ id: number; name: string; role: OrganizationRole }[]> {
  return db.execute<{ id: number; name: string; role: OrganizationRole }>(sql`
    select o.id, o.name, m.role from memberships m join organizations o on o.id = m.organization_id
    where m.user_id = ${userId} order by lower(o.name), o.id`);
}

/**
 * Which other organization of the user holds a form they could not reach in the current one (a
 * link opened in another organization's context), so the page offers to switch there instead
 * of a 404. Only organizations the user belongs to, and only forms they may see there.
 */
export async function findFormElsewhere(
  db: DbOrTx,
  who: { userId: number; organizationId: number },
  ref: string,
): Promise<{ organizationId: number; organizationName: string } | null> {
  const parsed = parseFormRef(ref);
  if (!parsed) return null;
  const match = "id" in parsed ? sql`f.id = ${parsed.id}` : sql`f.uuid = ${parsed.uuid}`;
  const [row] = await db.execute<{ organization_id: number; name: string }>(sql`
    select o.id as organization_id, o.name
    from forms f
    join memberships m on m.organization_id = f.organization_id and m.user_id = ${who.userId}
    join organizations o on o.id = f.organization_id
    where ${match} and f.organization_id <> ${who.organizationId}
      and (m.form_ids is null or f.id = any(m.form_ids))
    limit 1`);
  return row ? { organizationId: row.organization_id, organizationName: row.name } : null;
}

/**
 * The same for a submission (its page opened in another organization's context): the other
 * organization of the user whose form holds it, when they may see that form there.
 */
export async function findSubmissionElsewhere(
  db: DbOrTx,
  who: { userId: number; organizationId: number },
  id: string,
): Promise<{ organizationId: number; organizationName: string } | null> {
  if (!UUID_RE.test(id)) return null;
  const [row] = await db.execute<{ organization_id: number; name: string }>(sql`
    select o.id as organization_id, o.name
    from submissions s
    join forms f on f.id = s.form_id and f.organization_id = s.organization_id
    join memberships m on m.organization_id = f.organization_id and m.user_id = ${who.userId}
    join organizations o on o.id = f.organization_id
    where s.id = ${id.toLowerCase()} and s.organization_id <> ${who.organizationId}
      and (m.form_ids is null or f.id = any(m.form_ids))
    limit 1`);
  return row ? { organizationId: row.organization_id, organizationName: row.name } : null;
}

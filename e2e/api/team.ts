import type { APIRequestContext } from "@playwright/test";
import { sql } from "drizzle-orm";
import { memberships } from "../../db/schema";
import type { OrganizationRole } from "../../lib/permissions";
import { expect, type Seed, type SeededOrg } from "../fixtures";
import { trpcSession, type TrpcSession } from "./trpc-client";

/** The roles beside the owner a team of four has. */
export const OTHER_ROLES = ["admin", "editor", "viewer"] as const;

/** An organization with an owner (its seeded user) and a member of each other role (users with organizations of their own too). */
export async function seedTeam(seed: Seed, opts: { orgName?: string } = {}) {
  const owner = await seed.org({ orgName: opts.orgName ?? "Team org" });
  const members = { owner } as Record<OrganizationRole, SeededOrg>;
  for (const role of OTHER_ROLES) {
    const user = await seed.org({ name: `The ${role}` });
    await seed.db.insert(memberships).values({ userId: user.userId, organizationId: owner.organizationId, role });
    members[role] = user;
  }
  return { organizationId: owner.organizationId, owner, members };
}

/** `user` signed in over HTTP and switched to `organizationId` (their session's organization). */
export async function teamSession(
  request: APIRequestContext,
  baseURL: string,
  user: SeededOrg,
  clientAddress: string,
  organizationId: number,
): Promise<TrpcSession> {
  const session = await trpcSession(request, baseURL, user, clientAddress);
  const switched = await session.mutation("account.switchOrganization", { organizationId });
  expect(switched.status, JSON.stringify(switched.body)).toBe(200);
  return session;
}

/**
 * A fingerprint of everything an organization holds (forms, answers, members, invitations,
 * tokens, webhooks, prefills, links, mail, its name, members' form mail): equal before and after
 * means nothing was written. Sessions are left out (using one slides its expiry).
 */
export async function organizationFingerprint(seed: Seed, organizationId: number): Promise<string> {
  const [row] = await seed.db.execute<{ fp: string }>(sql`
    select md5(coalesce(string_agg(x, '|' order by x), '')) as fp from (
      select 'o' || row(o.*)::text as x from organizations o where o.id = ${organizationId}
      union all select 'f' || row(f.*)::text from forms f where f.organization_id = ${organizationId}
      union all select 's' || row(s.*)::text from submissions s join forms f on f.id = s.form_id where f.organization_id = ${organizationId}
      union all select 'm' || row(m.*)::text from memberships m where m.organization_id = ${organizationId}
      union all select 'i' || row(i.*)::text from invitations i where i.organization_id = ${organizationId}
      union all select 't' || row(t.*)::text from api_tokens t where t.organization_id = ${organizationId}
      union all select 'w' || row(w.*)::text from webhooks w where w.organization_id = ${organizationId}
      union all select 'p' || row(p.*)::text from prefills p where p.organization_id = ${organizationId}
      union all select 'u' || row(u.*)::text from unique_links u where u.organization_id = ${organizationId}
      union all select 'e' || row(e.*)::text from mail_messages e where e.organization_id = ${organizationId}
      union all select 'n' || row(n.*)::text from form_notifications n
        join forms f on f.id = n.form_id where f.organization_id = ${organizationId}
      union all select 'r' || row(r.*)::text from form_receipts r
        join forms f on f.id = r.form_id where f.organization_id = ${organizationId}
    ) rows`);
  return row!.fp;
}

import "server-only";
import { and, lte, sql, type SQL } from "drizzle-orm";
import { uniqueLinks } from "@/db/schema";

/**
 * What a link is for its owner right now, computed by the database with its own clock (never
 * the browser's). The precedence is the survey page's (closedLinkReason in
 * services/survey/survey-target.ts): a completed link stays completed even when switched off or
 * past its expiry; an inactive one is inactive whatever its expiry; then expired; else active.
 */
export const LINK_STATES = ["active", "completed", "expired", "inactive"] as const;
export type UniqueLinkState = (typeof LINK_STATES)[number];

const expired = and(sql`${uniqueLinks.expiresAt} is not null`, lte(uniqueLinks.expiresAt, sql`now()`))!;

/** The state as a selected column. */
export const linkStateColumn = sql<UniqueLinkState>`case
  when ${uniqueLinks.status} = 'completed' then 'completed'
  when not ${uniqueLinks.active} then 'inactive'
  when ${expired} then 'expired'
  else 'active' end`;

/** The WHERE condition of one state: the column above, so the rule is written once (no index could serve a finer one). */
export const linkStateFilter = (state: UniqueLinkState): SQL => sql`(${linkStateColumn}) = ${state}`;

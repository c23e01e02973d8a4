import "server-only";
import type { DbOrTx } from "@/db";
import { findSurveyForm, type PublishedForm } from "./survey-target";

/**
 * Live forms by UUID as submits read them, kept in this process so that a submit to a known
 * form needs no read of its own. A copy may be stale (published anew, unpublished or trashed on
 * another instance): the storing statement checks the copy's `version` and stores nothing when
 * it moved, and the submit then reads the form again (`refreshed`). At most MAX forms are kept,
 * least recently used out first.
 */
const MAX = 500;

const globalForCache = globalThis as unknown as { formhouseLiveForms?: Map<string, PublishedForm> };
const cache = (globalForCache.formhouseLiveForms ??= new Map());

/** The live form with this UUID, from the cache or the database; null when it is not live. */
export async function liveSurveyForm(db: DbOrTx, uuid: string): Promise<PublishedForm | null> {
  const key = uuid.trim().toLowerCase();
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key); // most recently used goes last
    cache.set(key, cached);
    return cached;
  }
  return refreshed(db, key);
}

/** The form read from the database, and the cache set to it (or cleared when it is not live). */
export async function refreshed(db: DbOrTx, uuid: string): Promise<PublishedForm | null> {
  const key = uuid.trim().toLowerCase();
  const form = await findSurveyForm(db, key);
  cache.delete(key);
  if (form) {
    if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, form);
  }
  return form;
}

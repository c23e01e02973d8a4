import "server-only";
import { randomUUID } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, uniqueLinks, type Form, type NewPrefill, type UniqueLink } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { checkBulkItem } from "@/lib/values/bulk";
import { inForm } from "@/server/services/lib/bulk-sql";
import { createPrefillDataValidator } from "@/server/services/prefills/prefill-data";
import { duplicateEntryName, withEntryNameCheck } from "./entry-name";

export type NewUniqueLinkItem = {
  /** Trimmed, non-blank; absent or null → the link's own id. */
  entryName?: string | null;
  expiresAt?: Date | null;
  /** When given, a prefill is created and attached to the link. */
  prefillData?: readonly unknown[] | null;
};

export type CreatedUniqueLink = Pick<UniqueLink, "id" | "entryName" | "expiresAt" | "prefillId">;

/**
 * Bulk create (`POST /api/v2/forms/{form_uuid}/unique_links`), all or nothing. Every item
 * is validated first (prefill data
 * against the form's elements, entry names unique within the request); then one INSERT of
 * the prefills and one of the links, in one transaction. A clash with an existing link —
 * also one created concurrently — hits the unique index and rolls everything back as 422.
 */
export async function createUniqueLinks(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  items: readonly NewUniqueLinkItem[],
): Promise<{ form: Form; created: CreatedUniqueLink[] }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const validate = createPrefillDataValidator(form.elements);
  const base = { formId: form.id, organizationId: access.organizationId };

  const names = new Set<string>();
  const prefillRows: (NewPrefill & { id: string })[] = [];
  const links = items.map((item, i): CreatedUniqueLink => {
    const id = randomUUID();
    const entryName = item.entryName ?? id;
    if (names.has(entryName)) throw duplicateEntryName(["unique_links", i, "entry_name"]);
    names.add(entryName);
    let prefillId: string | null = null;
    if (item.prefillData) {
      const { data, resolved } = checkBulkItem(`unique_links[${i}]`, () => validate(item.prefillData!), ["unique_links", i]);
      prefillId = randomUUID();
      prefillRows.push({ id: prefillId, ...base, name: entryName, data, resolved, forUniqueLink: true });
    }
    return { id, entryName, expiresAt: item.expiresAt ?? null, prefillId };
  });

  if (links.length) {
    // Names already taken are found first, so the error can say which item clashed; the
    // unique index still settles a race with a concurrent request.
    const [taken] = await db
      .select({ entryName: uniqueLinks.entryName })
      .from(uniqueLinks)
      .where(and(inForm(uniqueLinks, access, form.id), inArray(uniqueLinks.entryName, [...names])))
      .limit(1);
    if (taken) throw duplicateEntryName(["unique_links", links.findIndex((l) => l.entryName === taken.entryName), "entry_name"]);
    await withEntryNameCheck(() =>
      db.transaction(async (tx) => {
        if (prefillRows.length) await tx.insert(prefills).values(prefillRows);
        await tx.insert(uniqueLinks).values(links.map((l) => ({ ...l, ...base })));
      }),
    );
  }
  return { form, created: links };
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Seed } from "../fixtures";

/** The element tree of e2e/fixtures/forms/contact.json: every element type of lib/forms/element-types.ts. */
export const CONTACT_ELEMENTS: unknown[] = JSON.parse(
  readFileSync(join(process.cwd(), "e2e/fixtures/forms/contact.json"), "utf8"),
).elements;

/** A fresh organization with the contact form (no submissions). */
export async function contactForm(seed: Seed) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Contact us", elements: CONTACT_ELEMENTS });
  return { org, form };
}

/** A prefill_data array with one valid value of every kind. */
export const EVERY_KIND = [
  { id: "email", value: "ada@example.com" },
  { id: "phone", value: "+44-2071234567" },
  { id: "employees", value: 12 },
  { id: "callback_on", value: "2030-06-03" },
  { id: "topic", value: "opt_support" },
  { id: "products", value: ["opt_forms", "opt_api"] },
  { id: "priorities", value: ["opt_speed", "opt_price", "opt_privacy"] },
  { id: "satisfaction", value: { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } } },
  { id: "colleagues", value: [{ colleague_name: "Grace", colleague_email: "grace@example.com" }] },
];

import "server-only";
import type { Form } from "@/db/schema";

const SLUG_MAX = 60;

/**
 * URL-friendly identifier of a form (`slug` of `GET /api/v1/forms`): the name in lowercase ASCII, accents
 * dropped, every other run of characters a single hyphen, at most 60 characters — then a
 * hyphen and the first 8 hex digits of the UUID, so two forms of the same name differ and
 * the slug changes only when the form is renamed. A name with no ASCII letters or digits
 * gives `form-<8 hex>`.
 */
export function formSlug(form: Pick<Form, "name" | "uuid">): string {
  const words = form.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  const suffix = form.uuid.replace(/-/g, "").slice(0, 8).toLowerCase();
  return `${words || "form"}-${suffix}`;
}

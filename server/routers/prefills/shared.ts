import { z } from "zod";

export const ZPrefillListItem = z.object({
  id: z.string().describe("Prefill UUID"),
  name: z.string(),
  url: z.string().describe("Survey URL: `{base_url}/f/<form_uuid>?_prefill=<id>`"),
  createdAt: z.string().describe("ISO 8601"),
  forUniqueLink: z.boolean().describe("True when the prefill belongs to a unique link (extra field)"),
});

export const ZPrefillDetail = ZPrefillListItem.extend({
  data: z
    .array(z.object({ id: z.string().describe("Element id"), value: z.unknown().describe("As given when created") }))
    .describe("The prefill's values, as they were given"),
});

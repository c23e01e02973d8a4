import "server-only";
import { z } from "zod";
import type { BuilderDraft } from "@/server/services/forms/builder-draft";

/** A form's draft as the MCP tools answer it: what the builder shows, with the revision to send back. */
export const ZMcpDraft = z.object({
  uuid: z.string().describe("Form UUID"),
  name: z.string(),
  published: z.boolean().describe("Whether the survey page takes answers"),
  hasDraft: z.boolean().describe("Whether there are unpublished changes"),
  revision: z.number().int().describe("The draft's revision: send it with update_form_draft and publish_form"),
  elements: z.array(z.record(z.string(), z.unknown())).describe("The draft's element tree (the live one when there is no draft)"),
  settings: z.record(z.string(), z.unknown()).describe("The draft's description and endings"),
});

export const toMcpDraft = (d: BuilderDraft): z.infer<typeof ZMcpDraft> => ({
  uuid: d.uuid,
  name: d.name,
  published: d.published,
  hasDraft: d.hasDraft,
  revision: d.revision,
  elements: d.elements as unknown as Record<string, unknown>[],
  settings: d.settings as Record<string, unknown>,
});

/** The form a tool names: its UUID or numeric id, as everywhere in v2. */
export const ZMcpFormRef = z.string().trim().min(1, { error: "form is required" }).max(64).describe("Form UUID or numeric form id");

/** The draft revision a write is based on; omitted: the draft as it is now (the last write wins). */
export const ZMcpRevision = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .optional()
  .describe("The revision create_form or update_form_draft answered; a stale one is refused, nothing written");

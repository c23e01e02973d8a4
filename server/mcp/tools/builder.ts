import "server-only";
import { z } from "zod";
import { ZMcpDraft } from "@/server/routers/mcp/forms/draft-output";
import { ZMcpCreateFormInput } from "@/server/routers/mcp/forms/create-form";
import { ZMcpUpdateDraftInput } from "@/server/routers/mcp/forms/update-form-draft";
import { ZMcpPublishOutput } from "@/server/routers/mcp/forms/publish-form";
import { ZMcpRevision } from "@/server/routers/mcp/forms/draft-output";
import { defineTool } from "../tool";
import { ZToolFormRef } from "./inputs";

const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const createFormTool = defineTool({
  name: "create_form",
  title: "Create a form",
  description:
    "A new, unpublished form from the same JSON as the import: `{name, elements, description?, endings?}` (get_form shows " +
    "the element shape). Nothing is public until publish_form. Needs form.write and a token not limited to some forms.",
  input: ZMcpCreateFormInput,
  output: ZMcpDraft,
  annotations: WRITES,
  run: ({ mcp }, input) => mcp.forms.create(input),
});

export const updateFormDraftTool = defineTool({
  name: "update_form_draft",
  title: "Change a form's draft",
  description:
    "Replaces the form's draft element tree (and description and endings when given), as the builder saves it. Respondents " +
    "keep the live form until publish_form. Send the revision the last answer gave, so a change made meanwhile in the " +
    "dashboard is not overwritten. Needs form.write.",
  input: ZMcpUpdateDraftInput,
  output: ZMcpDraft,
  annotations: { ...WRITES, idempotentHint: true },
  run: ({ mcp }, input) => mcp.forms.updateDraft(input),
});

export const publishFormTool = defineTool({
  name: "publish_form",
  title: "Publish a form",
  description:
    "Publishes the draft with the builder's checks. When something must be fixed first nothing changes and `problems` " +
    "lists each with its path, e.g. elements[2].options. Needs form.write.",
  input: z.object({ form: ZToolFormRef, revision: ZMcpRevision }),
  output: ZMcpPublishOutput,
  annotations: { ...WRITES, idempotentHint: true },
  run: ({ mcp }, input) => mcp.forms.publish(input),
});

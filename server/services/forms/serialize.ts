import { z } from "zod";
import type { Form } from "@/db/schema";

/** v2 list item (`GET /api/v2/forms`). */
export const ZV2FormListItem = z.object({
  id: z.number().int().describe("Numeric form id"),
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  submissionsCount: z.number().int().describe("Total submissions of the form"),
});

export function toV2FormListItem(f: Form) {
  return {
    id: f.id,
    uuid: f.uuid,
    name: f.name,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    submissionsCount: f.submissionsCount,
  };
}

/** v2 detail (`GET /api/v2/forms/{id}`): no `uuid`, with the element tree. */
export function toV2FormDetail(f: Form) {
  return {
    id: f.id,
    name: f.name,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    submissionsCount: f.submissionsCount,
    elements: f.elements,
  };
}

/** Connector form (`GET /connector/forms`): what a platform's form picker lists. */
export const ZConnectorForm = z.object({
  id: z.number().int().describe("Numeric form id"),
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  created_at: z.string().describe("ISO 8601"),
});

export function toConnectorForm(f: Pick<Form, "id" | "uuid" | "name" | "createdAt">): z.infer<typeof ZConnectorForm> {
  return { id: f.id, uuid: f.uuid, name: f.name, created_at: f.createdAt.toISOString() };
}

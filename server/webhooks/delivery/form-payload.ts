import "server-only";
import { randomUUID } from "node:crypto";
import type { Form, FormElement, Submission } from "@/db/schema";
import { elementCategory } from "@/lib/forms/element-types";
import { dataByLabel } from "@/server/services/submissions/by-label";
import type { SubmissionEvent } from "@/lib/webhook-events";

/** What a submission event is about, as the caller's transaction sees it. */
export type EventSubject = {
  form: Pick<Form, "id" | "uuid" | "name" | "elements">;
  submission: Pick<Submission, "id" | "data" | "spam" | "createdAt" | "updatedAt">;
};

export type EventContext = EventSubject & { event: SubmissionEvent; eventId: string; occurredAt: Date; test: boolean };

/**
 * The body of a form-level webhook delivery, the same for the three events (`Deleted` carries
 * the submission as it was): `data` keyed by element id as v2 returns it, `fields` keyed by
 * label as v1 returns it, but by label all the way down (a matrix's rows and columns, a repeat
 * field's components), so that every answer of `fields` reads the same way.
 */
export function formEventPayload(ctx: EventContext) {
  const { form, submission } = ctx;
  return {
    event: ctx.event,
    eventId: ctx.eventId,
    createdAt: ctx.occurredAt.toISOString(),
    test: ctx.test,
    form: { id: form.id, uuid: form.uuid, name: form.name },
    submission: {
      id: submission.id,
      formId: form.uuid,
      createdAt: submission.createdAt.toISOString(),
      updatedAt: submission.updatedAt.toISOString(),
      spam: submission.spam,
      data: submission.data,
      fields: dataByLabel(form.elements, submission.data, { throughout: true }),
    },
  };
}

export type FormEventPayload = ReturnType<typeof formEventPayload>;

/** A made-up submission of `form` for test deliveries: one plausible value per element. */
export function sampleSubmission(form: Pick<Form, "elements">, now = new Date()): EventSubject["submission"] {
  const data: Record<string, unknown> = {};
  for (const el of form.elements) {
    const value = sampleValue(el, now);
    if (value !== undefined) data[el.id] = value;
  }
  return { id: randomUUID(), data, spam: false, createdAt: now, updatedAt: now };
}

function sampleValue(el: FormElement, now: Date): unknown {
  const options = el.options ?? [];
  switch (elementCategory(el.type)) {
    case "text": {
      const byType: Record<string, unknown> = {
        email: "jane.doe@example.com",
        number: 42,
        date: now.toISOString().slice(0, 10),
        phone: "+1-2025550143",
      };
      return byType[el.type] ?? "Sample answer";
    }
    case "single-choice":
      return options[0]?.value;
    case "multi-choice":
      return el.type === "ranking" ? options.map((o) => o.value) : options.slice(0, 1).map((o) => o.value);
    case "matrix": {
      const column = el.columns?.[0];
      return column ? Object.fromEntries((el.rows ?? []).map((r) => [r.id, { [column.id]: true }])) : undefined;
    }
    case "repeat":
      return [Object.fromEntries((el.components ?? []).map((c) => [c.id, sampleValue(c, now)]))];
    case "composite":
      return Object.fromEntries((el.children ?? []).map((c) => [c.fixedname, `Sample ${c.label}`.trim()]));
    default:
      return undefined;
  }
}

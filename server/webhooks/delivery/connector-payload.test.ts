import assert from "node:assert/strict";
import { test } from "node:test";
import { connectorBody, connectorEventPayload, connectorTimestamp } from "./connector-payload";

test("created_at is the month's short name, a two-digit day, the year and 24-hour UTC time", () => {
  assert.equal(connectorTimestamp(new Date("2026-07-01T10:00:59Z")), "Jul 01, 2026, 10:00");
  assert.equal(connectorTimestamp(new Date("2026-12-31T23:05:00-02:00")), "Jan 01, 2027, 01:05");
  assert.equal(connectorTimestamp(new Date("2026-02-09T00:00:00Z")), "Feb 09, 2026, 00:00");
});

test("the payload keys values by label; each attempt's body says how many came before it", () => {
  const payload = connectorEventPayload({
    event: "Submission.Created",
    eventId: "e-1",
    occurredAt: new Date("2026-07-01T10:00:00Z"),
    test: false,
    form: { id: 1, uuid: "f-uuid", name: "F", elements: [{ id: "q_email", label: "Email", type: "email" }] },
    submission: {
      id: "s-1",
      data: { q_email: "a@example.com" },
      spam: false,
      createdAt: new Date("2026-07-01T10:00:00Z"),
      updatedAt: new Date(),
    },
  });
  assert.deepEqual(payload, {
    event_type: "submission.created",
    data: { id: "s-1", form_id: "f-uuid", spam: false, created_at: "Jul 01, 2026, 10:00", submission: { Email: "a@example.com" } },
    event_id: "e-1",
  });
  assert.deepEqual(JSON.parse(connectorBody(payload, 1)), { ...payload, retries_done: 0 });
  assert.equal(Object.keys(JSON.parse(connectorBody(payload, 3))).join(), "event_type,data,event_id,retries_done");
  assert.equal(JSON.parse(connectorBody(payload, 3)).retries_done, 2);
});

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { FormElement } from "@/db/schema";
import { createPrefillDataValidator } from "@/server/services/prefills/prefill-data";
import { initialFormValues } from "./initial-values";

const CONTACT: FormElement[] = JSON.parse(readFileSync("e2e/fixtures/forms/contact.json", "utf8")).elements;
/** A prefill as stored: its data and what prefill-data resolved (phone country and digits). */
const prefill = (entries: { id: string; value: unknown }[]) => createPrefillDataValidator(CONTACT)(entries);

test("without a prefill: rankings in option order, one empty repeat row, the visitor's country for phone selectors", () => {
  assert.deepEqual(initialFormValues(CONTACT, { defaultCountry: "DE" }), {
    phone: { country: "DE" },
    priorities: ["price", "speed", "privacy"],
    colleagues: [{}],
  });
});

test("a prefill of every kind becomes form values: option ids → values, phone country + digits, matrix columns", () => {
  const values = initialFormValues(CONTACT, {
    prefill: prefill([
      { id: "employees", value: 12 },
      { id: "callback_on", value: "2030-06-03T10:00:00Z" },
      { id: "phone", value: "+44-20 7123 4567" },
      { id: "topic", value: "opt_other" },
      { id: "products", value: ["opt_webhooks", "opt_forms"] },
      { id: "priorities", value: ["opt_privacy"] },
      { id: "satisfaction", value: { row_docs: { col_bad: false, col_ok: "2" } } },
      { id: "colleagues", value: [{ colleague_name: "Grace" }] },
      { id: "full_name", value: { first_name: "Ada" } },
    ]),
  });
  assert.deepEqual(values, {
    full_name: { first_name: "Ada" },
    phone: { country: "GB", number: "2071234567" },
    employees: "12",
    callback_on: "2030-06-03",
    topic: "other",
    products: ["webhooks", "forms"],
    priorities: ["privacy", "price", "speed"],
    satisfaction: { row_docs: "col_ok" },
    colleagues: [{ colleague_name: "Grace" }],
  });
});

test("the query fills simple fields by the prefill rules, ignores what they refuse, and loses to the prefill", () => {
  const values = initialFormValues(CONTACT, {
    prefill: prefill([{ id: "subject", value: "From the prefill" }]),
    query: {
      subject: "From the query",
      source: "ad",
      topic: "opt_sales",
      employees: "many",
      products: "opt_api",
      ghost: "x",
      phone: "+1 555 0100",
    },
  });
  assert.deepEqual(values, {
    subject: "From the prefill",
    source: "ad",
    topic: "sales",
    phone: { country: "US", number: "5550100" },
    priorities: ["price", "speed", "privacy"],
    colleagues: [{}],
  });
});

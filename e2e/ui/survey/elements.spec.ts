import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures";
import { formOf, onlySubmission, openSurvey, submitAndThank } from "./survey-helpers";
import { choiceElement, matrixElement, nameElement, repeatElement } from "../../fixtures/elements";

/**
 * Every element type, filled in as a person would (labels, keyboard), submitted, and read
 * back through GET /api/v2/submissions/:id exactly.
 */

const opts = (...labels: string[]) => labels.map((label) => ({ id: `opt_${label.toLowerCase()}`, label, value: label.toLowerCase() }));

type Case = {
  type: string;
  elements: unknown[];
  query?: string;
  fill: (page: Page) => Promise<void>;
  stored: Record<string, unknown>;
};

const CASES: Case[] = [
  {
    type: "short-text",
    elements: [{ id: "nickname", label: "Nickname", type: "short-text", required: true }],
    fill: async (page) => {
      await expect(page.getByLabel("Nickname")).toHaveAttribute("required", "");
      await page.getByLabel("Nickname").fill("  Ada  ");
    },
    stored: { nickname: "Ada" },
  },
  {
    type: "long-text",
    elements: [{ id: "story", label: "Your story", type: "long-text" }],
    fill: (page) => page.getByLabel("Your story").fill("Line one\nLine two"),
    stored: { story: "Line one\nLine two" },
  },
  {
    type: "email",
    elements: [{ id: "work_email", label: "Work email", type: "email", required: true }],
    fill: (page) => page.getByLabel("Work email").fill("ada@example.com"),
    stored: { work_email: "ada@example.com" },
  },
  {
    type: "number",
    elements: [{ id: "team", label: "Team size", type: "number" }],
    fill: (page) => page.getByLabel("Team size").fill("12.5"),
    stored: { team: 12.5 },
  },
  {
    type: "date",
    elements: [{ id: "start", label: "Start date", type: "date" }],
    fill: (page) => page.getByLabel("Start date").fill("2030-06-03"),
    stored: { start: "2030-06-03" },
  },
  {
    type: "hidden",
    elements: [
      { id: "ref", label: "Referrer", type: "hidden" },
      { id: "nickname", label: "Nickname", type: "short-text" },
    ],
    query: "?ref=campaign-7",
    fill: async (page) => {
      await expect(page.getByLabel("Referrer")).toHaveCount(0);
      await expect(page.getByText("Referrer")).toHaveCount(0);
      await page.getByLabel("Nickname").fill("Ada");
    },
    stored: { ref: "campaign-7", nickname: "Ada" },
  },
  {
    type: "phone (country selector)",
    elements: [{ id: "mobile", label: "Mobile", type: "phone", countrySelector: true, required: true }],
    fill: async (page) => {
      await page.getByLabel("Country code").selectOption("GB");
      await page.getByLabel("Mobile").fill("20 7123 4567");
    },
    stored: { mobile: "+442071234567" },
  },
  {
    type: "phone (no selector)",
    elements: [{ id: "phone", label: "Phone", type: "phone" }],
    fill: async (page) => {
      await expect(page.getByLabel("Country code")).toHaveCount(0);
      await page.getByLabel("Phone").fill("555-1234");
    },
    stored: { phone: "555-1234" },
  },
  {
    type: "radio",
    elements: [{ id: "topic", label: "Topic", type: "radio", required: true, options: opts("Sales", "Support", "Other") }],
    fill: async (page) => {
      const group = page.getByRole("group", { name: "Topic" });
      await expect(group.getByRole("radio")).toHaveCount(3);
      await group.getByLabel("Sales").focus();
      await page.keyboard.press("ArrowDown");
      await expect(group.getByLabel("Support")).toBeChecked();
    },
    stored: { topic: "support" },
  },
  {
    type: "dropdown",
    elements: [choiceElement("country", "Country", "dropdown", { o_de: ["Germany", "DE"], o_fr: ["France", "FR"] })],
    fill: async (page) => {
      await page.getByLabel("Country").selectOption({ label: "France" });
    },
    stored: { country: "FR" },
  },
  {
    type: "multiple-checkbox",
    elements: [{ id: "products", label: "Products", type: "multiple-checkbox", options: opts("Forms", "API", "Webhooks") }],
    fill: async (page) => {
      await page.getByLabel("Forms").check();
      await page.getByLabel("Webhooks").focus();
      await page.keyboard.press("Space");
      await expect(page.getByLabel("Webhooks")).toBeChecked();
    },
    stored: { products: ["forms", "webhooks"] },
  },
  {
    type: "picture-checkbox",
    elements: [{ id: "mood", label: "Mood", type: "picture-checkbox", options: opts("Happy", "Meh") }],
    fill: async (page) => {
      await page.getByText("Meh").click();
      await expect(page.getByRole("radio", { name: "Meh" })).toBeChecked();
    },
    stored: { mood: "meh" },
  },
  {
    type: "ranking",
    elements: [{ id: "priorities", label: "Rank what matters", type: "ranking", options: opts("Price", "Speed", "Privacy") }],
    fill: async (page) => {
      const items = page.getByRole("group", { name: "Rank what matters" }).getByRole("listitem");
      await expect(items).toHaveText([/Price/, /Speed/, /Privacy/]);
      // Keyboard only: move Privacy to the top; focus stays on it and the move is announced.
      await page.getByRole("button", { name: "Move Privacy up" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Move Privacy up" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(items).toHaveText([/Privacy/, /Price/, /Speed/]);
      await expect(page.getByRole("button", { name: "Move Privacy down" })).toBeFocused();
      await expect(page.getByText("Privacy moved to position 1 of 3")).toBeAttached();
    },
    stored: { priorities: ["privacy", "price", "speed"] },
  },
  {
    type: "matrix",
    elements: [
      matrixElement(
        "rate",
        "Rate us",
        { row_docs: "Documentation", row_support: "Support" },
        { col_bad: ["Bad", "1"], col_ok: ["OK", "2"], col_great: ["Great", "3"] },
        { required: true },
      ),
    ],
    fill: async (page) => {
      await expect(page.getByRole("group", { name: "Rate us" })).toBeVisible();
      await page.getByRole("group", { name: "Documentation" }).getByRole("radio", { name: "Great" }).check();
      await page.getByRole("group", { name: "Support" }).getByRole("radio", { name: "OK" }).check();
    },
    stored: { rate: { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } } },
  },
  {
    type: "repeat-field",
    elements: [
      repeatElement("people", "Colleague", [
        { id: "person_name", label: "Full name", type: "short-text", required: true },
        { id: "person_email", label: "Email address", type: "email" },
      ]),
    ],
    fill: async (page) => {
      const row = (n: number) => page.getByRole("group", { name: `Colleague ${n}`, exact: true });
      await row(1).getByLabel("Full name").fill("Grace Hopper");
      await page.getByRole("button", { name: "Add another to Colleague" }).click();
      await expect(row(2).getByLabel("Full name")).toBeFocused();
      await page.keyboard.type("Alan Turing");
      await row(2).getByLabel("Email address").fill("alan@example.com");
      await page.getByRole("button", { name: "Add another to Colleague" }).click();
      await row(3).getByLabel("Full name").fill("Nobody");
      await page.getByRole("button", { name: "Remove Colleague 3" }).click();
      await expect(row(3)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Add another to Colleague" })).toBeFocused();
    },
    stored: { people: [{ person_name: "Grace Hopper" }, { person_name: "Alan Turing", person_email: "alan@example.com" }] },
  },
  {
    type: "name",
    elements: [
      {
        id: "full_name",
        label: "Your name",
        type: "name",
        required: true,
        children: [
          { fixedname: "first_name", label: "First name", required: true },
          { fixedname: "last_name", label: "Last name", required: true },
        ],
      },
    ],
    fill: async (page) => {
      const group = page.getByRole("group", { name: "Your name" });
      await group.getByLabel("First name").fill("Ada");
      await group.getByLabel("Last name").fill("Lovelace");
      await expect(group.getByLabel("First name")).toHaveAttribute("autocomplete", "given-name");
    },
    stored: { full_name: { first_name: "Ada", last_name: "Lovelace" } },
  },
  {
    type: "address",
    elements: [
      nameElement(
        "postal",
        "Postal address",
        { street: ["Street", true], city: ["City", true], zip: ["ZIP code", false], country: ["Country", false] },
        "address",
      ),
    ],
    fill: async (page) => {
      const group = page.getByRole("group", { name: "Postal address" });
      await group.getByLabel("Street").fill("12 St James's Square");
      await group.getByLabel("City").fill("London");
      await group.getByLabel("ZIP code").fill("SW1Y 4JH");
      await group.getByLabel("Country").fill("United Kingdom");
    },
    stored: { postal: { street: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "United Kingdom" } },
  },
];

for (const c of CASES) {
  test(`${c.type}: filled in like a person, submitted, read back exactly`, async ({ page, seed, api }) => {
    const { org, form } = await formOf(seed, c.elements);
    await openSurvey(page, `/f/${form.uuid}${c.query ?? ""}`);
    await c.fill(page);
    await submitAndThank(page, form.uuid);
    expect(await onlySubmission(api, seed, org.organizationId, form.id)).toEqual(c.stored);
  });
}

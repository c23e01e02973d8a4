import { expect, test } from "../../fixtures";
import { createLinks, createPrefill, publishedForm } from "../../api/survey/survey-fixtures";
import { onlySubmission, openSurvey, submitAndThank } from "./survey-helpers";

/** `?_prefill=<id>`, a unique link's own prefill and `?<element id>=<value>` fill the page (server/services/survey/initial-values.ts). */

/** One value of every element type, as prefill_data takes them (option ids, phone with dial code). */
const PREFILL = [
  { id: "full_name", value: { first_name: "Ada", last_name: "Lovelace" } },
  { id: "email", value: "ada@example.com" },
  { id: "phone", value: "+44-2071234567" },
  { id: "subject", value: "Engines" },
  { id: "message", value: "Hello" },
  { id: "employees", value: 12 },
  { id: "callback_on", value: "2030-06-03" },
  { id: "source", value: "newsletter" },
  { id: "topic", value: "opt_support" },
  { id: "country", value: "opt_fr" },
  { id: "products", value: ["opt_forms", "opt_api"] },
  { id: "mood", value: "opt_meh" },
  { id: "priorities", value: ["opt_speed", "opt_price", "opt_privacy"] },
  { id: "satisfaction", value: { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } } },
  { id: "colleagues", value: [{ colleague_name: "Grace", colleague_email: "grace@example.com" }, { colleague_name: "Alan" }] },
  { id: "postal_address", value: { street: "1 Main St", city: "Springfield" } },
];

/** What the page submits when the respondent changes nothing. */
const STORED = {
  full_name: { first_name: "Ada", last_name: "Lovelace" },
  email: "ada@example.com",
  phone: "+442071234567",
  subject: "Engines",
  message: "Hello",
  employees: 12,
  callback_on: "2030-06-03",
  source: "newsletter",
  topic: "support",
  country: "FR",
  products: ["forms", "api"],
  mood: "meh",
  priorities: ["speed", "price", "privacy"],
  satisfaction: { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } },
  colleagues: [{ colleague_name: "Grace", colleague_email: "grace@example.com" }, { colleague_name: "Alan" }],
  postal_address: { street: "1 Main St", city: "Springfield" },
};

test("?_prefill= fills every element type; submitted unchanged, the answers are the prefill's", async ({ page, seed, api }) => {
  const { org, form } = await publishedForm(seed);
  const prefillId = await createPrefill(seed, org.organizationId, form.uuid, PREFILL);
  await openSurvey(page, `/f/${form.uuid}?_prefill=${prefillId}`);

  const name = page.getByRole("group", { name: "Your name" });
  await expect(name.getByLabel("First name")).toHaveValue("Ada");
  await expect(name.getByLabel("Last name")).toHaveValue("Lovelace");
  await expect(page.getByLabel("Email", { exact: true }).first()).toHaveValue("ada@example.com");
  await expect(page.getByLabel("Country code")).toHaveValue("GB");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("2071234567");
  await expect(page.getByLabel("Subject")).toHaveValue("Engines");
  await expect(page.getByLabel("Message")).toHaveValue("Hello");
  await expect(page.getByLabel("Company size")).toHaveValue("12");
  await expect(page.getByLabel("Call me back on")).toHaveValue("2030-06-03");
  await expect(page.locator('input[type="hidden"][name="source"]')).toHaveValue("newsletter");
  await expect(page.getByRole("group", { name: "Topic" }).getByLabel("Support")).toBeChecked();
  await expect(page.getByLabel("Country", { exact: true }).first()).toHaveValue("FR");
  await expect(page.getByLabel("Forms")).toBeChecked();
  await expect(page.getByLabel("API")).toBeChecked();
  await expect(page.getByLabel("Webhooks")).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "Meh" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Rank what matters" }).getByRole("listitem")).toHaveText([/Speed/, /Price/, /Privacy/]);
  await expect(page.getByRole("group", { name: "Documentation" }).getByRole("radio", { name: "Great" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Support", exact: true }).getByRole("radio", { name: "OK" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Colleagues to contact 1" }).getByLabel("Name", { exact: true })).toHaveValue("Grace");
  await expect(page.getByRole("group", { name: "Colleagues to contact 2" }).getByLabel("Name", { exact: true })).toHaveValue("Alan");
  const address = page.getByRole("group", { name: "Postal address" });
  await expect(address.getByLabel("Street")).toHaveValue("1 Main St");
  await expect(address.getByLabel("City")).toHaveValue("Springfield");

  await submitAndThank(page, form.uuid);
  expect(await onlySubmission(api, seed, org.organizationId, form.id)).toEqual(STORED);
});

test("a unique link opens with its own prefill; the submit completes the link and records it", async ({ page, seed, api }) => {
  const { org, form } = await publishedForm(seed);
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ entryName: "ada", prefillData: PREFILL }]);
  await openSurvey(page, `/u/${link!.id}`);
  await expect(page.getByRole("group", { name: "Your name" }).getByLabel("First name")).toHaveValue("Ada");
  await submitAndThank(page, form.uuid, { linkId: link!.id });
  expect(await onlySubmission(api, seed, org.organizationId, form.id)).toEqual(STORED);
  await page.goto(`/u/${link!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This form has already been submitted" })).toBeVisible();
});

test("the URL's own query fills simple fields, hidden ones included; _prefill wins for the same field", async ({ page, seed, api }) => {
  const { org, form } = await publishedForm(seed);
  const prefillId = await createPrefill(seed, org.organizationId, form.uuid, [{ id: "subject", value: "From the prefill" }]);
  const query = new URLSearchParams({
    _prefill: prefillId,
    subject: "From the query",
    source: "ad-campaign",
    email: "query@example.com",
    topic: "opt_other",
    phone: "+49 30 1234567",
    employees: "not a number",
  });
  await openSurvey(page, `/f/${form.uuid}?${query}`);
  await expect(page.getByLabel("Subject")).toHaveValue("From the prefill");
  await expect(page.getByLabel("Email", { exact: true }).first()).toHaveValue("query@example.com");
  await expect(page.getByRole("group", { name: "Topic" }).getByLabel("Something else")).toBeChecked();
  await expect(page.getByLabel("Country code")).toHaveValue("DE");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("301234567");
  // A value the field cannot take leaves it empty.
  await expect(page.getByLabel("Company size")).toHaveValue("");

  const name = page.getByRole("group", { name: "Your name" });
  await name.getByLabel("First name").fill("Ada");
  await name.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Message").fill("Hi");
  await submitAndThank(page, form.uuid);
  expect(await onlySubmission(api, seed, org.organizationId, form.id)).toEqual({
    full_name: { first_name: "Ada", last_name: "Lovelace" },
    email: "query@example.com",
    phone: "+49301234567",
    subject: "From the prefill",
    message: "Hi",
    source: "ad-campaign",
    topic: "other",
    priorities: ["price", "speed", "privacy"],
  });
});

test("a prefill of another form, a unique link's own prefill or an unknown id: the form opens empty", async ({ page, seed }) => {
  const { org, form } = await publishedForm(seed);
  const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ prefillData: [{ id: "subject", value: "Link only" }] }]);
  const linkPrefill = (await seed.db.query.uniqueLinks.findFirst({ where: (l, { eq }) => eq(l.id, link!.id) }))!.prefillId!;
  const { org: other, form: otherForm } = await publishedForm(seed);
  const foreign = await createPrefill(seed, other.organizationId, otherForm.uuid, [{ id: "subject", value: "Other form" }]);
  for (const id of [linkPrefill, foreign, "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11", "junk"]) {
    await openSurvey(page, `/f/${form.uuid}?_prefill=${id}`);
    await expect(page.getByLabel("Subject"), id).toHaveValue("");
  }
});

import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { webhooks } from "../../db/schema";
import { startReceiver } from "../api/webhooks/receiver";
import { expect, test } from "../fixtures";
import { openDashboardPage } from "./helpers";
import { expectAccessibleAndNarrow, expectDialogTrapsFocus } from "./page-checks";

/** The Webhooks page against a real receiver on loopback (the test server allows private targets). */

test.describe("Webhooks page", () => {
  test("create (secret once), send a test into the log, disable and enable, rotate, replay, edit, delete", async ({ page, seed }) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver();
    try {
      const org = await seed.org();
      const elements = [{ id: "email", label: "Email", type: "email" }];
      const form = await seed.form(org.organizationId, { name: "Signups", elements }, { publish: true });
      await openDashboardPage(page, org, `/webhooks?form=${form.uuid}`, "Webhooks");
      await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();

      await page.getByRole("button", { name: "New webhook" }).click();
      const panel = page.getByRole("form", { name: "New webhook for Signups" });
      // A refused address and no events: each at its field.
      await panel.getByLabel("Endpoint URL").fill("ftp://example.com/x");
      await panel.getByRole("checkbox", { name: "Submission.Created" }).uncheck();
      await panel.getByRole("button", { name: "Create webhook" }).click();
      await expect(panel.locator(".field-error")).toHaveText([
        "url must be an http or https URL",
        "events must be a non-empty array of Submission.Created, Submission.Updated, Submission.Deleted",
      ]);
      await expect(panel.getByRole("alert")).toHaveText("Please correct the fields marked above.");
      await expect(panel.getByLabel("Endpoint URL")).toHaveAccessibleDescription("url must be an http or https URL");
      await panel.getByLabel("Endpoint URL").fill("http://169.254.169.254/latest");
      await panel.getByRole("checkbox", { name: "Submission.Created" }).check();
      await panel.getByRole("button", { name: "Create webhook" }).click();
      await expect(panel.locator(".field-error")).toHaveText(["url is not allowed: 169.254.169.254 is a cloud metadata address"]);

      await panel.getByLabel("Endpoint URL").fill(receiver.url);
      await expect(panel.getByRole("checkbox", { name: "Submission.Deleted" })).toHaveAccessibleDescription("A submission is deleted");
      await expectAccessibleAndNarrow(page, "webhooks-create");
      await panel.getByRole("button", { name: "Create webhook" }).click();
      const once = page.getByTestId("shown-once");
      await expect(once).toContainText("Copy it now: you won't see it again.");
      await expect(once).toContainText("The server keeps it to sign deliveries but never shows it again");
      await expect(once).not.toContainText("hash");
      await expect(once).toContainText("How to verify:");
      const secret = (await page.getByTestId("secret-value").innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      const [stored] = await seed.db.select().from(webhooks).where(eq(webhooks.formId, form.id));
      expect(stored).toMatchObject({ url: receiver.url, events: ["Submission.Created"], enabled: true, secret });
      const storedNow = async () => (await seed.db.select().from(webhooks).where(eq(webhooks.id, stored!.id)))[0];
      await page.getByRole("button", { name: "Done" }).click();

      const card = page.getByTestId("webhook-row");
      await expect(card).toContainText(receiver.url);
      await expect(card).toContainText("Enabled");

      // Send test: the receiver gets a signed test event; the log shows it with its status code.
      await card.getByRole("button", { name: "Send test" }).click();
      await expect(page.getByRole("status")).toHaveText(/Test delivered: your endpoint answered HTTP 200\./);
      expect(receiver.received).toHaveLength(1);
      const hit = receiver.received[0]!;
      expect(hit.json.test).toBe(true);
      expect(() => new Webhook(secret).verify(hit.raw, hit.headers as Record<string, string>)).not.toThrow();
      const log = card.getByRole("table", { name: `Deliveries to ${receiver.url}` });
      await expect(log.getByTestId("delivery-row")).toHaveCount(1);
      const cells = log.getByTestId("delivery-row").locator("td");
      await expect(cells).toHaveText(["Submission.Created", "succeeded", "1", "HTTP 200", "—", /.+/, /Replay/]);
      // Newest first: the server's order is the Time column's.
      await expect(log.getByRole("columnheader", { name: "Time" })).toHaveAttribute("aria-sort", "descending");
      await expectAccessibleAndNarrow(page, "webhooks-log");

      // Replay sends the same delivery again.
      await log.getByRole("button", { name: /^Replay/ }).click();
      await expect(page.getByRole("status")).toHaveText(/Delivery of Submission.Created queued again/);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1]!.headers["webhook-id"]).toBe(hit.headers["webhook-id"]);

      // Disable: the reason shows, with a way back.
      await card.getByRole("button", { name: "Disable" }).click();
      await expect(page.getByRole("status").locator(".notice-body")).toHaveText("Webhook disabled.");
      await expect(card).toContainText("Disabled: Disabled manually.");
      expect(await storedNow()).toMatchObject({ enabled: false, disabledReason: "Disabled manually" });
      await card.getByRole("button", { name: "Enable again" }).click();
      await expect(page.getByRole("status").locator(".notice-body")).toHaveText("Webhook enabled.");
      await expect(card.getByText("Enabled", { exact: true })).toBeVisible();
      expect(await storedNow()).toMatchObject({ enabled: true, disabledReason: null });

      // Rotate: asked first (focus trapped and returned), the new secret shown once, the overlap said.
      const rotate = card.getByRole("button", { name: "Rotate secret" });
      await rotate.click();
      await expectDialogTrapsFocus(page, "Rotate the signing secret?", rotate);
      await rotate.click();
      await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
      await expect(page.getByTestId("shown-once")).toContainText("keeps signing deliveries too (a second signature) for 24 hours");
      const rotated = (await page.getByTestId("secret-value").innerText()).trim();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      expect(await storedNow()).toMatchObject({ secret: rotated, previousSecret: secret });
      await page.getByRole("button", { name: "Done" }).click();
      await expect(page.getByTestId("secret-value")).toHaveCount(0);

      // Edit: events change.
      await card.getByRole("button", { name: "Edit" }).click();
      const edit = card.getByRole("form", { name: "Edit webhook" });
      await edit.getByRole("checkbox", { name: "Submission.Deleted" }).check();
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").locator(".notice-body")).toHaveText("Webhook saved.");
      await expect(card.getByLabel("Events")).toHaveText("Submission.CreatedSubmission.Deleted");

      // Delete, after the question.
      await card.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete webhook" }).click();
      await expect(page.getByRole("status").locator(".notice-body")).toHaveText(`Webhook to ${receiver.url} deleted.`);
      await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();
      expect(await seed.db.select().from(webhooks).where(eq(webhooks.formId, form.id))).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

import { formNotifications, formReceipts } from "../../../db/schema";
import { freshAddress, waitForMail } from "../../mail/mailbox";
import { expect, test } from "../../fixtures";
import { postJson, publishedForm, submitPath } from "../survey/survey-fixtures";

/** A response's mail: the members' notifications and the respondent's receipt, queued by the submit itself. */

test("a submit mails each member who asked for every response, and the respondent a receipt with the answers", async ({ seed, api }) => {
  const { org, form } = await publishedForm(seed);
  await seed.db.insert(formNotifications).values({ userId: org.userId, formId: form.id, mode: "each" });
  await seed.db.insert(formReceipts).values({
    formId: form.id,
    emailField: "email",
    subject: "Thanks, {{Your name: First name}}",
    message: "Hello {{Your name}},\n\nwe got your message.",
    includeAnswers: true,
    replyToUserId: org.userId,
  });
  const respondent = freshAddress("respondent");
  const res = await postJson(api, submitPath(form.uuid), {
    data: { full_name: { first_name: "Ada", last_name: "Lovelace" }, email: respondent, message: "Hello" },
  });
  expect(res.status, res.text).toBe(201);

  const [receipt] = await waitForMail(respondent);
  expect(receipt!.parsed.subject).toBe("Thanks, Ada");
  expect(receipt!.parsed.text).toContain("Hello Ada Lovelace,");
  expect(receipt!.parsed.replyTo?.text).toBe(org.email);
  expect(receipt!.parsed.html).toContain('lang="en"');

  const [notification] = await waitForMail(org.email);
  expect(notification!.parsed.subject).toBe("New response: Contact us");
  expect(notification!.parsed.text).toContain("Hello");
  const headers = notification!.raw.replace(/\r\n[ \t]+/g, " ");
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/mail\/unsubscribe\/u\d+f\d+\.[\w-]{32}>\r$/m);
});

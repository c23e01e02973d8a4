import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, test } from "node:test";
import { eq } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { mailMessages } from "@/db/schema";
import { stopOutboxRuntime } from "@/server/outbox/runtime";
import { createUserWithOrganization } from "@/server/services/users/create-user";
import { NOT_CONFIGURED_REPLY } from "../outbox";
import { getMailSettings } from "./mail-settings";
import { sendTestMail } from "./send-test-mail";

// Mail off: no SMTP_URL in this process (the suite gives one to the server under test only).
delete process.env.SMTP_URL;
const url = process.env.DATABASE_URL;
const db = unitTestDb();
after(() => stopOutboxRuntime());

test(
  "with mail off, Send test email logs the message as not sent, at once, and the settings say mail is off",
  {
    skip: !url && "needs DATABASE_URL",
  },
  async () => {
    const email = `user-${randomUUID()}@example.test`;
    const ids = await createUserWithOrganization(db, { email, password: "correct horse battery staple", name: "Test" });
    const row = await sendTestMail(db, { ...ids, email });
    assert.equal(row.kind, "test");
    assert.equal(row.toAddress, email);
    assert.equal(row.status, "unsent");
    assert.equal(row.lastReply, NOT_CONFIGURED_REPLY);
    assert.equal(row.attempts, 0);
    const [stored] = await db.select().from(mailMessages).where(eq(mailMessages.id, row.id));
    assert.equal(stored!.lockedBy, null);
    assert.equal(stored!.organizationId, ids.organizationId);

    const settings = await getMailSettings(db, ids.organizationId);
    assert.equal(settings.on, false);
    assert.equal(settings.transport, null);
    assert.deepEqual([settings.pending, settings.failed], [0, 0]);
  },
);

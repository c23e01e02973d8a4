import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { sql } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { AppError } from "@/lib/errors";
import { createUserWithOrganization, publicSignUpOpen, SIGN_UP_CLOSED, signUpUser } from "./create-user";

const db = unitTestDb();
const skip = !process.env.DATABASE_URL && "needs DATABASE_URL (npm test)";

test(
  "SIGNUP=invite-only: public sign-up is a 403 with a sentence once the instance has a user, and creates nothing",
  { skip },
  async () => {
    await createUserWithOrganization(db, { email: `first-${randomUUID()}@example.test`, password: "password123" });
    const email = `closed-${randomUUID()}@example.test`;
    await assert.rejects(
      signUpUser(db, { email, password: "password123" }, "invite-only"),
      (e: unknown) => e instanceof AppError && e.status === 403 && e.message === SIGN_UP_CLOSED,
    );
    const rows = await db.execute(sql`select 1 from users where email = ${email}`);
    assert.equal(rows.length, 0);
    assert.equal(await publicSignUpOpen(db, "invite-only"), false);
    assert.equal(await publicSignUpOpen(db, "open"), true);
    // Open sign-up is as before.
    await signUpUser(db, { email, password: "password123" }, "open");
    assert.equal((await db.execute(sql`select 1 from users where email = ${email}`)).length, 1);
  },
);

test("SIGNUP=invite-only: the first user of an empty instance can sign up and owns a new organization", { skip }, async () => {
  const email = `owner-${randomUUID()}@example.test`;
  // An empty instance, inside a transaction that is rolled back: every user of the test database stays.
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from users`);
      assert.equal(await publicSignUpOpen(tx, "invite-only"), true);
      await signUpUser(tx, { email, password: "password123" }, "invite-only");
      const [row] = await tx.execute<{ role: string }>(sql`
        select m.role from users u join memberships m on m.user_id = u.id where u.email = ${email}`);
      assert.equal(row?.role, "owner");
      // The second is refused.
      await assert.rejects(signUpUser(tx, { email: `second-${email}`, password: "password123" }, "invite-only"), /invitation only/);
      throw new Error("rollback");
    })
    .catch((e: Error) => assert.equal(e.message, "rollback"));
  assert.ok((await db.execute(sql`select 1 from users limit 1`)).length > 0);
});

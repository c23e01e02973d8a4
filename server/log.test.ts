import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { inspect } from "node:util";
import { test } from "node:test";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { DatabaseQueryError } from "@/db/query-errors";
import { users } from "@/db/schema";
import { createLogger } from "./log";

const url = process.env.DATABASE_URL;
const db = unitTestDb();

function capture(level: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  return { logger: createLogger(level, (line) => lines.push(line)), lines, parsed: () => lines.map((l) => JSON.parse(l)) };
}

test("LOG_LEVEL decides what is written: warn drops info, error drops warn", () => {
  const warn = capture("warn");
  warn.logger.info("hello", { userId: 1 });
  warn.logger.warn("careful", { userId: 2 });
  warn.logger.error("broken", new Error("boom"));
  assert.deepEqual(
    warn.parsed().map((l) => [l.level, l.msg]),
    [
      ["warn", "careful"],
      ["error", "broken"],
    ],
  );
  const error = capture("error");
  error.logger.warn("careful");
  assert.equal(error.lines.length, 0);
  const debug = capture("debug");
  debug.logger.info("hello", { userId: 1 });
  assert.deepEqual(
    debug.parsed().map((l) => [l.level, l.msg, l.userId]),
    [["info", "hello", 1]],
  );
});

test(
  "a failed insert logs PostgreSQL's code, constraint and statement, never the values",
  { skip: !url && "needs DATABASE_URL" },
  async () => {
    const email = `dup-${randomUUID()}@example.test`;
    const passwordHash = `scrypt$${randomUUID()}$secret-hash`;
    await db.insert(users).values({ email, passwordHash });
    const error = await db
      .insert(users)
      .values({ email, passwordHash })
      .then(
        () => null,
        (e: unknown) => e,
      );
    assert.ok(error instanceof DatabaseQueryError);
    // Whatever prints it (a TRPCError copies the message; Next inspects errors) sees no values.
    const wrapped = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
    for (const text of [error.message, String(error.stack), inspect(error), wrapped.message, inspect(wrapped)]) {
      assert.ok(!text.includes(email) && !text.includes(passwordHash), text);
    }

    const { logger, parsed } = capture("info");
    logger.error("sign-up failed", wrapped, { userId: 7 });
    const [line] = parsed();
    const raw = JSON.stringify(line);
    assert.ok(!raw.includes(email) && !raw.includes(passwordHash) && !raw.includes("params"), raw);
    assert.equal(line.level, "error");
    assert.equal(line.userId, 7);
    assert.equal(line.code, "23505");
    assert.equal(line.error, 'Database query failed: duplicate key value violates unique constraint "users_email_unique" (SQLSTATE 23505)');
    assert.equal(line.postgres.constraint_name, "users_email_unique");
    assert.equal(line.postgres.table_name, "users");
    assert.equal(line.postgres.severity, "ERROR");
    // Services that look for a unique violation by constraint still can.
    assert.equal(error.code, "23505");
    assert.equal(error.constraint_name, "users_email_unique");
    assert.match(line.query, /^insert into "users" \(.*\) values \(.*\$1.*\)/);
    assert.match(line.stack, /^\s+at /);
  },
);

test("a data exception keeps its message but not the value it quotes", { skip: !url && "needs DATABASE_URL" }, async () => {
  const value = `secret-${randomUUID()}`;
  const error = await db.execute(sql`select ${value}::uuid`).then(
    () => null,
    (e: unknown) => e,
  );
  const { logger, parsed } = capture("info");
  logger.error("lookup failed", error);
  const [line] = parsed();
  assert.ok(!JSON.stringify(line).includes(value));
  assert.equal(line.error, 'Database query failed: invalid input syntax for type uuid: "…" (SQLSTATE 22P02)');
  assert.equal(line.query, "select $1::uuid");
});

test("other errors keep their message and stack", () => {
  const { logger, parsed } = capture("info");
  logger.error("failed", new Error("plain failure"), { path: "forms.list" });
  const [line] = parsed();
  assert.equal(line.error, "plain failure");
  assert.equal(line.path, "forms.list");
  assert.match(line.stack, /^Error: plain failure\n\s+at /);
});

import assert from "node:assert/strict";
import { mock, test } from "node:test";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { CONSENT_TTL_S, signConsent, verifyConsent } from "./consent-token";

const url = process.env.DATABASE_URL;
const db = unitTestDb();

const claims = {
  client: 1,
  clientId: "fh_client_x",
  redirectUri: "https://a.example/cb",
  redirectUriSent: true,
  scopes: ["forms:read"],
  state: "s",
  user: 2,
  org: 3,
};

test("a consent token carries its claims until it expires, then says so", { skip: !url && "needs DATABASE_URL" }, async () => {
  mock.timers.enable({ apis: ["Date"], now: 1_800_000_000_000 });
  try {
    const token = await signConsent(db, claims);
    assert.deepEqual(await verifyConsent(db, token), { ...claims, exp: 1_800_000_000 + CONSENT_TTL_S });
    mock.timers.tick(CONSENT_TTL_S * 1000 - 1000);
    assert.notEqual(await verifyConsent(db, token), "expired");
    mock.timers.tick(2000);
    assert.equal(await verifyConsent(db, token), "expired");
  } finally {
    mock.timers.reset();
  }
});

test("a changed payload or signature is not a consent token", { skip: !url && "needs DATABASE_URL" }, async () => {
  const token = await signConsent(db, claims);
  const [payload, signature] = token.split(".");
  const changed = Buffer.from(JSON.stringify({ ...claims, user: 99, exp: 9_999_999_999 })).toString("base64url");
  assert.equal(await verifyConsent(db, `${changed}.${signature}`), null);
  assert.equal(await verifyConsent(db, `${payload}.${signature!.slice(1)}A`), null);
  assert.equal(await verifyConsent(db, `${payload}`), null);
  assert.equal(await verifyConsent(db, `${token}.x`), null);
});

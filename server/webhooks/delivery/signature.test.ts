import assert from "node:assert/strict";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { generateSecret, sign, signedHeaders } from "./signature";

test("a secret is whsec_ + 32 random bytes in base64", () => {
  const a = generateSecret();
  assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(Buffer.from(a.slice(6), "base64").length, 32);
  assert.notEqual(a, generateSecret());
});

test("the standardwebhooks library verifies our headers, and refuses a changed body or another secret", () => {
  const secret = generateSecret();
  const body = JSON.stringify({ event: "Submission.Created", n: 1 });
  const headers = signedHeaders([secret], "9b2c3d4e-0000-4000-8000-000000000001", body);
  assert.deepEqual(Object.keys(headers), ["webhook-id", "webhook-timestamp", "webhook-signature"]);
  assert.match(headers["webhook-signature"]!, /^v1,[A-Za-z0-9+/]+=*$/);
  assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
  assert.throws(() => new Webhook(secret).verify(body.replace("1", "2"), headers));
  assert.throws(() => new Webhook(generateSecret()).verify(body, headers));
});

test("during a rotation both secrets sign, so either verifies", () => {
  const [current, previous] = [generateSecret(), generateSecret()];
  const body = "{}";
  const headers = signedHeaders([current, previous], "msg_1", body);
  assert.equal(headers["webhook-signature"]!.split(" ").length, 2);
  assert.deepEqual(new Webhook(current).verify(body, headers), {});
  assert.deepEqual(new Webhook(previous).verify(body, headers), {});
});

test("the signed content is <id>.<timestamp>.<body> (Standard Webhooks' test vector)", () => {
  // From the Standard Webhooks specification's reference implementations.
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"test": 2432232314}';
  assert.equal(sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
});

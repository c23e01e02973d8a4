import assert from "node:assert/strict";
import { test } from "node:test";
import { RESETS_PER_ADDRESS, RESETS_PER_CLIENT, resetRequestRefusal } from "./password-reset";

test("a reset request goes on up to each limit, and is refused past either, the address's first", () => {
  assert.equal(resetRequestRefusal({ address: 1, client: 1 }), null);
  assert.equal(resetRequestRefusal({ address: RESETS_PER_ADDRESS, client: RESETS_PER_CLIENT }), null);
  assert.equal(resetRequestRefusal({ address: RESETS_PER_ADDRESS + 1, client: 1 }), "address");
  assert.equal(resetRequestRefusal({ address: 1, client: RESETS_PER_CLIENT + 1 }), "client");
  assert.equal(resetRequestRefusal({ address: RESETS_PER_ADDRESS + 1, client: RESETS_PER_CLIENT + 1 }), "address");
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { createDb } from "@/db";
import { checkUploadStorage } from "./instance-check";

const skip = !process.env.DATABASE_URL && "needs DATABASE_URL";

test("an instance sees the others on its database: on local disk it says S3 is needed", { skip }, async () => {
  const pools = [1, 2, 3].map(() => createDb(process.env.DATABASE_URL!, 1));
  try {
    const first = await checkUploadStorage(pools[0]!.$client);
    const second = await checkUploadStorage(pools[1]!.$client);
    assert.equal(first.local, true);
    assert.equal(second.others, first.others + 1);
    // An instance gone (its connection closed) is no longer seen.
    await pools[0]!.$client.end({ timeout: 0 });
    const third = await checkUploadStorage(pools[2]!.$client);
    assert.equal(third.others, second.others);
  } finally {
    await Promise.all(pools.map((p) => p.$client.end({ timeout: 0 }).catch(() => {})));
  }
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { isLinkPreview } from "@/server/services/survey/link-preview";
import { durationSeconds, judgeSpam } from "./spam";

test("spam: a filled honeypot, or under 2 s from render to submit", () => {
  assert.deepEqual(judgeSpam({ honeypot: "http://x", elapsedMs: 60_000 }), { spam: true, reason: "honeypot" });
  assert.deepEqual(judgeSpam({ honeypot: { any: "value" }, elapsedMs: null }), { spam: true, reason: "honeypot" });
  assert.deepEqual(judgeSpam({ honeypot: "", elapsedMs: 1_999 }), { spam: true, reason: "too-fast" });
  assert.deepEqual(judgeSpam({ honeypot: "  ", elapsedMs: 2_000 }), { spam: false, reason: null });
  assert.deepEqual(judgeSpam({ honeypot: undefined, elapsedMs: null }), { spam: false, reason: null });
  assert.deepEqual([durationSeconds(2_999), durationSeconds(-5), durationSeconds(1e15)], [2, 0, 2_147_483_647]);
});

test("link previews: chat-app unfurlers, prefetches and HEAD; browsers are people", () => {
  const browser =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
    "Version/17.0 Mobile/15E148 Safari/604.1";
  assert.equal(isLinkPreview({ method: "GET", userAgent: browser, purpose: null }), false);
  assert.equal(isLinkPreview({ method: "HEAD", userAgent: browser, purpose: null }), true);
  assert.equal(isLinkPreview({ method: "GET", userAgent: browser, purpose: "prefetch;prerender" }), true);
  for (const ua of [
    "Slackbot-LinkExpanding 1.0",
    "facebookexternalhit/1.1",
    "Twitterbot/1.0",
    "Discordbot/2.0",
    "WhatsApp/2.23",
    "TelegramBot (like TwitterBot)",
    "LinkedInBot/1.0",
    "SkypeUriPreview Preview/0.5",
  ]) {
    assert.equal(isLinkPreview({ method: "GET", userAgent: ua, purpose: null }), true, ua);
  }
});

import { simpleParser, type ParsedMail } from "mailparser";

/**
 * The tests' view of the suite's mail server (e2e/mail/sink-server.ts, started by
 * scripts/test.ts, which passes MAIL_SINK_URL): messages as mailparser reads them.
 */
const sinkUrl = () => {
  const url = process.env.MAIL_SINK_URL;
  if (!url) throw new Error("MAIL_SINK_URL is not set: run the tests with npm test");
  return url;
};

export type ReceivedMail = { id: number; envelopeTo: string[]; raw: string; parsed: ParsedMail };

async function fetchAll(): Promise<{ id: number; from: string; to: string[]; raw: string }[]> {
  const res = await fetch(`${sinkUrl()}/messages`);
  return res.json();
}

/** Every message so far to `to` (the envelope recipient), parsed, oldest first. */
export async function mailTo(to: string): Promise<ReceivedMail[]> {
  const all = (await fetchAll()).filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
  return Promise.all(all.map(async (m) => ({ id: m.id, envelopeTo: m.to, raw: m.raw, parsed: await simpleParser(m.raw) })));
}

/** Waits until `to` has received at least `count` messages (default 1) and answers them. */
export async function waitForMail(to: string, opts: { count?: number; timeoutMs?: number } = {}): Promise<ReceivedMail[]> {
  const count = opts.count ?? 1;
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const got = await mailTo(to);
    if (got.length >= count) return got;
    if (Date.now() > deadline) throw new Error(`expected ${count} message(s) to ${to}, got ${got.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes the password the server was configured with wrong (535), or right again. */
export async function setSinkPassword(value: string): Promise<void> {
  await fetch(`${sinkUrl()}/password?value=${encodeURIComponent(value)}`, { method: "POST" });
}

/** Stops the SMTP port for `ms` milliseconds. */
export async function takeSinkDown(ms: number): Promise<void> {
  await fetch(`${sinkUrl()}/down?ms=${ms}`, { method: "POST" });
}

/** The first link in a message's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const text = mail.parsed.text ?? "";
  const at = text.indexOf(prefix);
  if (at < 0) throw new Error(`no link starting with ${prefix} in: ${text}`);
  return text.slice(at).split(/\s/)[0]!;
}

/** A fresh address on this run, for a test of its own. */
export const freshAddress = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@mail.test`;

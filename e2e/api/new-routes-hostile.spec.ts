import { expect, test } from "../fixtures";

/**
 * The routes added with logic, uploads, publishing and MCP, fed hostile path parameters and
 * bodies: each answers with its documented 4xx (or its page), never a 5xx.
 */
const HOSTILE = ["x", "%00", "%E2%80%AE", "..%2F..%2Fetc", "a".repeat(300), "00000000-0000-4000-8000-000000000000", "%27%3B--"];

test("new routes refuse hostile ids, tokens and bodies with a 4xx, never a 5xx", async ({ request }) => {
  const statuses: string[] = [];
  const check = async (label: string, res: { status(): number }) => {
    statuses.push(`${label} ${res.status()}`);
    expect(res.status(), label).toBeLessThan(500);
    expect(res.status(), label).toBeGreaterThanOrEqual(400);
  };
  for (const h of HOSTILE) {
    await check(`files ${h}`, await request.get(`/files/${h}?expires=99999999999&signature=abc`));
    await check(`captcha ${h}`, await request.get(`/f/${h}/captcha`));
    await check(`resume f ${h}`, await request.get(`/f/${h}/resume/${h}`, { maxRedirects: 0 }));
    await check(`resume u ${h}`, await request.get(`/u/${h}/resume/${h}`, { maxRedirects: 0 }));
    await check(`altcha ${h}`, await request.get(`/altcha/${h}`));
  }
  await check("files bad expiry", await request.get(`/files/00000000-0000-4000-8000-000000000000?expires=-1&signature=%00`));
  await check("mcp no auth", await request.post("/mcp", { data: "{" }));
  await check("mcp junk bearer", await request.post("/mcp", { data: "{", headers: { authorization: `Bearer ${"x".repeat(5000)}` } }));
  await check(
    "register junk",
    await request.post("/oauth/register", { data: "not json", headers: { "content-type": "application/json" } }),
  );
  await check(
    "register hostile uris",
    await request.post("/oauth/register", { data: { redirect_uris: ["javascript:alert(1)", "a".repeat(5000)], client_name: "\u0000" } }),
  );
});

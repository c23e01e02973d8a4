import { spawn } from "node:child_process";
import { freePort } from "../../scripts/lib/ports";
import { expect, test } from "../fixtures";
import { TSX_NODE_ARGS } from "../../scripts/lib/server-node";

const PERMISSIONS =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
  "magnetometer=(), microphone=(), midi=(), payment=(), usb=()";

const csp = (nonce: string, frameAncestors: string) =>
  `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; ` +
  `img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; ` +
  `form-action 'self'; frame-ancestors ${frameAncestors}`;

const nonceOf = (policy: string | undefined) => /'nonce-([A-Za-z0-9+/]+=*)'/.exec(policy ?? "")?.[1] ?? "";

test.describe("security headers", () => {
  test("a page: CSP with a fresh nonce that Next puts on its scripts, no framing, and the rest", async ({ request }) => {
    const res = await request.get("/sign-in");
    expect(res.status()).toBe(200);
    const h = res.headers();
    const nonce = nonceOf(h["content-security-policy"]);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(h["content-security-policy"]).toBe(csp(nonce, "'none'"));
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["referrer-policy"]).toBe("same-origin");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["permissions-policy"]).toBe(PERMISSIONS);
    // APP_URL is http here: no HSTS.
    expect(h["strict-transport-security"]).toBeUndefined();

    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const again = await request.get("/sign-in");
    expect(nonceOf(again.headers()["content-security-policy"])).not.toBe(nonce);
  });

  test("the dashboard (even redirecting to sign-in), API answers and the 404 page carry them too", async ({ request }) => {
    for (const path of ["/forms", "/api/v2/forms", "/api/trpc/account.me", "/docs", "/no-such-page"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      const h = res.headers();
      expect(h["content-security-policy"], path).toBe(csp(nonceOf(h["content-security-policy"]), "'none'"));
      expect(h["x-frame-options"], path).toBe("DENY");
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["referrer-policy"], path).toBe("same-origin");
    }
  });

  test("survey submits carry them whichever way they are answered: JSON (from the route), a form post's page (from the hook)", async ({
    request,
    seed,
  }) => {
    const org = await seed.org();
    const form = await seed.form(
      org.organizationId,
      { elements: [{ id: "q", type: "short-text", label: "Name", required: true }] },
      { publish: true },
    );
    const answers = [
      await request.post(`/f/${form.uuid}/submit`, { data: { data: { q: "Ada" } }, headers: { "x-forwarded-for": "10.7.0.1" } }),
      await request.post(`/f/${form.uuid}/submit`, { data: { data: {} }, headers: { "x-forwarded-for": "10.7.0.1" } }),
      await request.post(`/f/6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11/submit`, {
        data: { data: {} },
        headers: { "x-forwarded-for": "10.7.0.1" },
      }),
      await request.post(`/f/${form.uuid}/submit`, { form: { q: "" }, headers: { "x-forwarded-for": "10.7.0.1" } }),
    ];
    expect(answers.map((r) => r.status())).toEqual([201, 422, 404, 422]);
    for (const res of answers) {
      const h = res.headers();
      expect(h["content-security-policy"]).toBe(csp(nonceOf(h["content-security-policy"]), "*"));
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("same-origin");
      expect(h["permissions-policy"]).toBe(PERMISSIONS);
      expect(h["x-frame-options"]).toBeUndefined();
    }
    // The page's scripts carry the nonce of the policy it was answered with.
    const page = answers[3]!;
    const nonce = nonceOf(page.headers()["content-security-policy"]);
    for (const tag of [...(await page.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0])) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("/mcp sets them itself (the hook skips it): an answer, a 401 and a 405", async ({ request, seed }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    const headers = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const answers = [
      await request.post("/mcp", { data: list, headers: { ...headers, authorization: `Bearer ${token}` } }),
      await request.post("/mcp", { data: list, headers }),
      await request.get("/mcp"),
    ];
    expect(answers.map((r) => r.status())).toEqual([200, 401, 405]);
    for (const res of answers) {
      const h = res.headers();
      expect(h["content-security-policy"]).toBe(csp(nonceOf(h["content-security-policy"]), "'none'"));
      expect(h["x-frame-options"]).toBe("DENY");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("same-origin");
      expect(h["permissions-policy"]).toBe(PERMISSIONS);
    }
    // A path that only starts like it is still the hook's.
    expect((await request.get("/mcpx")).headers()["x-frame-options"]).toBe("DENY");
  });

  test("survey URLs (/f/…) may be framed by any site", async ({ request, seed }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { elements: [{ id: "q", type: "short-text", label: "Name" }] }, { publish: true });
    const res = await request.get(`/f/${form.uuid}/preview.png`);
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h["content-security-policy"]).toBe(csp(nonceOf(h["content-security-policy"]), "*"));
    expect(h["x-frame-options"]).toBeUndefined();
    expect(h["x-content-type-options"]).toBe("nosniff");
  });

  test("with an https APP_URL, HSTS and upgrade-insecure-requests", async () => {
    test.setTimeout(60_000);
    const port = await freePort();
    const server = spawn(process.execPath, [...TSX_NODE_ARGS, "scripts/serve.ts"], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        APP_URL: "https://forms.example.test",
        NEXTAUTH_URL: "https://forms.example.test",
      },
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("message", () => resolve());
        server.once("exit", () => reject(new Error("the server exited")));
      });
      const res = await fetch(`http://127.0.0.1:${port}/sign-in`);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy).toBe(`${csp(nonceOf(policy), "'none'")}; upgrade-insecure-requests`);
    } finally {
      server.kill("SIGTERM");
    }
  });
});

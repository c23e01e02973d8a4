import { eq } from "drizzle-orm";
import { apiTokens, forms } from "../../../db/schema";
import { revokeApiTokenByValue } from "../../../server/services/tokens/create-token";
import { expect, test } from "../../fixtures";

test.describe("X-SERVICE-TOKEN outcomes", () => {
  test("no header is 400 Access Token not found", async ({ api }) => {
    const r = await api.get("/api/v2/forms");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: "Access Token not found" });
  });

  test("an empty header is 400 Access Token not found", async ({ api }) => {
    const r = await api.call("GET", "/api/v2/forms", { headers: { "X-SERVICE-TOKEN": "" } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: "Access Token not found" });
  });

  test("a malformed token is 400 Invalid token provided", async ({ api }) => {
    for (const bad of ["abc", "fh_v2_short", "Bearer fh_v2_" + "a".repeat(32), "fh_v3_" + "a".repeat(32)]) {
      const r = await api.get("/api/v2/forms", bad);
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ message: "Invalid token provided" });
    }
  });

  test("a well-formed unknown token is 401 Invalid access token", async ({ api }) => {
    const r = await api.get("/api/v2/forms", "fh_v2_" + "A".repeat(32));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: "Invalid access token" });
  });

  test("a revoked token is 401 and stays refused", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    expect((await api.get("/api/v2/forms", token)).status).toBe(200);
    expect(await revokeApiTokenByValue(seed.db, token)).toBe(true);
    const r = await api.get("/api/v2/forms", token);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: "Invalid access token" });
  });

  test("a v1 token is not accepted by v2", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const v1 = await seed.v1Token(org.organizationId, form.id);
    const r = await api.get("/api/v2/forms", v1);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: "Invalid access token" });
  });

  test("a missing scope is 403 naming the scope", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId, { scopes: ["submission.view"] });
    const r = await api.get("/api/v2/forms", token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "You do not have permission to perform this action. Required scope: form.view" });
  });

  test("tokens are stored only as a hash and usage is tracked", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    expect(token).toMatch(/^fh_v2_[0-9A-Za-z]{32}$/);
    await api.get("/api/v2/forms", token);
    await api.get("/api/v2/forms", token);
    const [row] = await seed.db.select().from(apiTokens).where(eq(apiTokens.organizationId, org.organizationId));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.usageCount).toBe(2);
    expect(row!.lastUsedAt).not.toBeNull();
  });
});

test.describe("rate limit", () => {
  test("the 11th request in 60 s is 429 with Retry-After and rate-limit headers; other tokens are unaffected", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    for (let i = 1; i <= 10; i++) {
      const r = await api.get("/api/v2/forms", token);
      expect(r.status, `request ${i}`).toBe(200);
      expect(r.headers["ratelimit-limit"]).toBe("10");
      expect(r.headers["x-ratelimit-remaining"]).toBe(String(10 - i));
    }
    const limited = await api.get("/api/v2/forms", token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "You have exceeded api rate limit" });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expect(limited.headers["x-ratelimit-limit"]).toBe("10");

    const other = await seed.token(org.organizationId);
    expect((await api.get("/api/v2/forms", other)).status).toBe(200);
  });
});

test.describe("tenancy and form restriction", () => {
  test("another organization's form is 404 by id and by uuid, and never listed", async ({ seed, api }) => {
    const mine = await seed.org();
    const theirs = await seed.org();
    const foreign = await seed.form(theirs.organizationId, { name: "Theirs" });
    const own = await seed.form(mine.organizationId, { name: "Mine" });
    const token = await seed.token(mine.organizationId);
    for (const ref of [foreign.id, foreign.uuid]) {
      const r = await api.get(`/api/v2/forms/${ref}`, token);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: "Form not found or not authorized" });
    }
    const list = await api.get("/api/v2/forms", token);
    expect(list.body.forms.map((f: { id: number }) => f.id)).toEqual([own.id]);
  });

  test("a form-restricted token sees only its forms", async ({ seed, api }) => {
    const org = await seed.org();
    const a = await seed.form(org.organizationId, { name: "A" });
    const b = await seed.form(org.organizationId, { name: "B" });
    const token = await seed.token(org.organizationId, { formIds: [a.id] });
    const list = await api.get("/api/v2/forms", token);
    expect(list.body.forms.map((f: { id: number }) => f.id)).toEqual([a.id]);
    expect(list.body.meta.totalCount).toBe(1);
    expect((await api.get(`/api/v2/forms/${a.uuid}`, token)).status).toBe(200);
    const denied = await api.get(`/api/v2/forms/${b.uuid}`, token);
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ message: "Form not found or not authorized" });
  });

  test("trashed forms are gone from the API", async ({ seed, api }) => {
    const org = await seed.org();
    const f = await seed.form(org.organizationId);
    await seed.db.update(forms).set({ trashedAt: new Date() }).where(eq(forms.id, f.id));
    const token = await seed.token(org.organizationId);
    expect((await api.get(`/api/v2/forms/${f.id}`, token)).status).toBe(404);
    expect((await api.get("/api/v2/forms", token)).body.forms).toEqual([]);
  });
});

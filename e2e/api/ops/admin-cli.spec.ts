import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { apiTokens, forms, mailMessages, memberships, organizations, passwordResetTokens, submissions, users } from "../../../db/schema";
import { hashToken } from "../../../server/services/tokens/token-format";
import { expect, test } from "../../fixtures";
import { cli, failed, json } from "../cli";

const FORMS_DIR = path.join(process.cwd(), "e2e/fixtures/forms");
const contactFile = path.join(FORMS_DIR, "contact.json");
const contact = JSON.parse(readFileSync(contactFile, "utf8"));

function writeFile(name: string, content: unknown): string {
  const file = test.info().outputPath(name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

test.describe("admin CLI", () => {
  // Each CLI run starts npm and tsx (~1 s idle, several under a loaded CI machine).
  test.describe.configure({ timeout: 90_000 });

  test("create-user prints the ids of the new user and of the organization they own", async ({ seed }) => {
    const email = `cli-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
    const out = json(await cli("create-user", "--email", email, "--password", "secret123", "--name", "Ada", "--org", "Analytical Engines"));
    expect(Object.keys(out).sort()).toEqual(["organizationId", "userId"]);

    const [user] = await seed.db.select().from(users).where(eq(users.id, out.userId));
    expect(user).toMatchObject({ email, name: "Ada" });
    const [org] = await seed.db.select().from(organizations).where(eq(organizations.id, out.organizationId));
    expect(org?.name).toBe("Analytical Engines");
    const [membership] = await seed.db.select().from(memberships).where(eq(memberships.userId, out.userId));
    expect(membership).toMatchObject({ organizationId: out.organizationId, role: "owner" });

    failed(
      await cli("create-user", "--email", email.toUpperCase(), "--password", "secret123"),
      1,
      "An account with this email already exists",
    );
  });

  test("reset-link prints a one-time reset link for the account and sends no mail; an unknown address fails", async ({ seed, baseURL }) => {
    const org = await seed.org();
    const before = Date.now();
    const out = json(await cli("reset-link", "--email", ` ${org.email.toUpperCase()} `));
    expect(Object.keys(out).sort()).toEqual(["expiresAt", "link"]);
    expect(out.link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=[\\w-]{43}$`));
    // 60 minutes from now (give or take the CLI's start-up).
    const expiresIn = Date.parse(out.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThan(61 * 60_000);
    const tokens = await seed.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, org.userId));
    expect(tokens).toHaveLength(1);
    // Stored as its hash only.
    expect(tokens[0]!.tokenHash).toBe(hashToken(new URL(out.link).searchParams.get("token")!));
    expect(await seed.db.select().from(mailMessages).where(eq(mailMessages.userId, org.userId))).toEqual([]);

    // The link is the reset page's, with its form.
    const page = await fetch(out.link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Repeat the new password");

    const [unknown, notEmail] = await Promise.all([
      cli("reset-link", "--email", `nobody-${Date.now()}@example.test`),
      cli("reset-link", "--email", "not an email"),
    ]);
    failed(unknown, 1, "no account uses this --email");
    failed(notEmail, 1, "--email: email must be a valid email address");
  });

  test("import-form creates the form; GET /api/v2/forms/:id returns the element tree as given", async ({ seed, api }) => {
    const org = await seed.org();
    const created = json(await cli("import-form", "--org", String(org.organizationId), "--file", contactFile, "--publish"));
    expect(Object.keys(created).sort()).toEqual(["id", "uuid"]);
    expect(Number.isInteger(created.id)).toBe(true);
    expect(created.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const { token } = json(await cli("create-token", "--org", String(org.organizationId), "--scopes", "form.view"));
    expect(token).toMatch(/^fh_v2_[0-9A-Za-z]{32}$/);

    const byId = await api.get(`/api/v2/forms/${created.id}`, token);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: created.id, name: "Contact us", submissionsCount: contact.submissions.length });
    // Extra properties (required, placeholder, maxLength, countrySelector) are kept.
    expect(byId.body.elements).toEqual(contact.elements);
    const byUuid = await api.get(`/api/v2/forms/${created.uuid}`, token);
    expect(byUuid.body.id).toBe(created.id);

    // The webhook scopes: a token that may read and manage the form's webhooks.
    const hooks = json(await cli("create-token", "--org", String(org.organizationId), "--scopes", "webhook.read,webhook.write")).token;
    const listed = await api.get(`/api/v2/forms/${created.uuid}/webhooks`, hooks);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ webhooks: [], meta: { page: 1, perPage: 20, total: 0 } });

    const [form] = await seed.db.select().from(forms).where(eq(forms.id, created.id));
    expect(form?.published).toBe(true);
    const rows = await seed.db.select().from(submissions).where(eq(submissions.formId, created.id)).orderBy(submissions.createdAt);
    expect(rows.map((r) => r.data)).toEqual(contact.submissions.map((s: any) => s.data));
    expect(rows.map((r) => [r.createdAt.toISOString(), r.updatedAt.toISOString(), r.duration, r.spam])).toEqual([
      ["2024-05-01T09:30:00.000Z", "2024-05-01T09:45:00.000Z", 312, false],
      ["2024-05-02T12:00:00.000Z", "2024-05-02T12:00:00.000Z", 95, false],
      ["2024-05-03T03:12:00.000Z", "2024-05-03T03:12:00.000Z", null, true],
    ]);
    expect(rows.every((r) => r.organizationId === org.organizationId)).toBe(true);
  });

  test("a bad form file is refused with the place of the problem, and nothing is written", async ({ seed }) => {
    const org = await seed.org();
    await seed.form(org.organizationId, { name: "Already there" });
    const formsOfOrg = async () =>
      (await seed.db.select({ n: count() }).from(forms).where(eq(forms.organizationId, org.organizationId)))[0]!.n;
    expect(await formsOfOrg()).toBe(1);
    const orgId = String(org.organizationId);

    const unknownType = writeFile("unknown-type.json", {
      name: "Bad",
      elements: [...contact.elements.slice(0, 4), { id: "x", label: "X", type: "foo" }],
    });
    const noOptions = writeFile("no-options.json", { name: "Bad", elements: [{ id: "q1", label: "Q", type: "radio" }] });
    // The elements are fine; one submission names an option the element does not have.
    const badData = writeFile("bad-data.json", { ...contact, submissions: [...contact.submissions, { data: { topic: "opt_sales" } }] });
    const notJson = writeFile("not-json.json", '{"name": "Bad",');

    const [r1, r2, r3, r4] = await Promise.all([
      cli("import-form", "--org", orgId, "--file", unknownType),
      cli("import-form", "--org", orgId, "--file", noOptions),
      cli("import-form", "--org", orgId, "--file", badData),
      cli("import-form", "--org", orgId, "--file", notJson),
    ]);
    failed(
      r1,
      1,
      `${unknownType}: elements[4].type 'foo' is not a known element type (known: short-text, long-text, email, number, date, hidden, ` +
        "phone, radio, dropdown, picture-checkbox, multiple-checkbox, ranking, matrix, repeat-field, name, address, file-upload)",
    );
    failed(r2, 1, `${noOptions}: elements[0].options is required for 'radio' elements`);
    failed(r3, 1, `${badData}: submissions[3].data.topic must be one of the option values of 'topic' ('sales', 'support', 'other')`);
    expect([r4.code, r4.stdout]).toEqual([1, ""]);
    expect(r4.stderr).toContain(`error: ${notJson} is not valid JSON: `); // then JSON.parse's own words
    expect(await formsOfOrg()).toBe(1);
  });

  test("import-form into an unknown organization fails clearly and writes nothing", async ({ seed }) => {
    failed(await cli("import-form", "--org", "2147483647", "--file", contactFile), 1, "organization 2147483647 not found");
    const [formsOfNobody] = await seed.db.select({ n: count() }).from(forms).where(eq(forms.organizationId, 2147483647));
    expect(formsOfNobody!.n).toBe(0);
  });

  test("create-token --forms: the token sees only those forms", async ({ seed, api }) => {
    const org = await seed.org();
    const mine = json(await cli("import-form", "--org", String(org.organizationId), "--file", path.join(FORMS_DIR, "newsletter.json")));
    const other = await seed.form(org.organizationId, { name: "Other" });
    const [row] = await seed.db.select().from(forms).where(eq(forms.id, mine.id));
    expect(row).toMatchObject({ name: "Newsletter sign-up", published: false, submissionsCount: 0 });

    const { token } = json(
      await cli(
        "create-token",
        "--org",
        String(org.organizationId),
        "--forms",
        String(mine.id),
        "--scopes",
        "form.view",
        "--name",
        "Only newsletter",
      ),
    );
    expect((await api.get(`/api/v2/forms/${mine.id}`, token)).status).toBe(200);
    const hidden = await api.get(`/api/v2/forms/${other.id}`, token);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: "Form not found or not authorized" });
    const list = await api.get("/api/v2/forms", token);
    expect(list.body.forms.map((f: { id: number }) => f.id)).toEqual([mine.id]);

    const [stored] = await seed.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ kind: "v2", name: "Only newsletter", allowedFormIds: [mine.id], scopes: ["form.view"] });
  });

  test("create-token --v1 makes a per-form token in the form's organization", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const { token } = json(
      await cli("create-token", "--form", String(form.id), "--v1", "--scopes", "form.view,submission.view", "--name", "Legacy"),
    );
    expect(token).toMatch(/^fh_v1_[0-9A-Za-z]{32}$/);
    const [stored] = await seed.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({
      kind: "v1",
      organizationId: org.organizationId,
      formId: form.id,
      allowedFormIds: null,
      scopes: ["form.view", "submission.view"],
      name: "Legacy",
    });
    // A v1 token is not a v2 token.
    const v2 = await api.get("/api/v2/forms", token);
    expect(v2.status).toBe(401);
    expect(v2.body).toEqual({ message: "Invalid access token" });
  });

  test("create-token refuses unknown scopes, foreign forms and a v1 token without a form", async ({ seed }) => {
    const org = await seed.org();
    const stranger = await seed.org();
    const foreign = await seed.form(stranger.organizationId);
    const orgId = String(org.organizationId);
    const [scope, forms_, v1] = await Promise.all([
      cli("create-token", "--org", orgId, "--scopes", "form.view,forms.delete"),
      cli("create-token", "--org", orgId, "--forms", String(foreign.id), "--scopes", "form.view"),
      cli("create-token", "--v1", "--scopes", "form.view"),
    ]);
    failed(
      scope,
      1,
      "unknown v2 scope(s): forms.delete (allowed: form.view, form.write, submission.view, submission.delete, prefill.read, " +
        "prefill.write, unique_link.read, unique_link.write, webhook.read, webhook.write, member.view, audit.view)",
    );
    failed(forms_, 1, `form(s) not found in this organization: ${foreign.id}`);
    failed(v1, 2, "--v1 needs --form FORM_ID (a v1 token belongs to one form)");
    expect(v1.stderr).toContain("Usage: npm run --silent admin -- <command> [options]");
    const tokens = await seed.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.organizationId, org.organizationId));
    expect(tokens[0]!.n).toBe(0);
  });

  test("revoke-token: the token gets 401 at once; revoking it again fails", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
    expect((await api.get(`/api/v2/forms/${form.id}`, token)).status).toBe(200);

    expect(json(await cli("revoke-token", "--token", token))).toEqual({ revoked: true });
    const after = await api.get(`/api/v2/forms/${form.id}`, token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: "Invalid access token" });

    const again = await cli("revoke-token", "--token", token);
    failed(again, 1, "no active token matches --token (unknown or already revoked)");
    expect(again.stderr).not.toContain(token);
    const [stored] = await seed.db
      .select({ revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(and(eq(apiTokens.organizationId, org.organizationId), eq(apiTokens.tokenHash, hashToken(token))));
    expect(stored?.revokedAt).toBeInstanceOf(Date);
  });

  test("help, no command, an unknown command and a bad option print the usage on stderr and fail", async () => {
    const USAGE = "Usage: npm run --silent admin -- <command> [options]";
    const [help, none, unknown, badOption, missing] = await Promise.all([
      cli("help"),
      cli(),
      cli("delete-everything"),
      cli("create-user", "--email", "x@example.com", "--password", "secret123", "--admin"),
      cli("import-form", "--org", "1"),
    ]);
    for (const r of [help, none]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(USAGE);
      for (const cmd of ["create-user", "reset-link", "import-form", "create-token", "revoke-token"])
        expect(r.stderr).toContain(`  ${cmd} --`);
    }
    failed(unknown, 2, "unknown command 'delete-everything'");
    failed(badOption, 2, "unknown option --admin");
    failed(missing, 2, "--file is required");
    for (const r of [unknown, badOption, missing]) expect(r.stderr).toContain(USAGE);
  });
});

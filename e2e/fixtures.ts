import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import { createDb, type Db } from "../db";
import { V2_SCOPES } from "../lib/scopes/token-scopes";
import { importForm } from "../server/services/forms/import-form";
import { createApiToken } from "../server/services/tokens/create-token";
import { createUserWithOrganization } from "../server/services/users/create-user";

/**
 * Each test seeds its own organization through the same services the product uses,
 * on the same real Postgres the server under test runs on. Tests never share state.
 */
export type SeededOrg = { userId: number; organizationId: number; email: string; password: string };

export type Seed = {
  db: Db;
  org(opts?: { name?: string; orgName?: string }): Promise<SeededOrg>;
  form(organizationId: number, def?: Partial<FormFile>, opts?: { publish?: boolean }): Promise<{ id: number; uuid: string }>;
  token(organizationId: number, opts?: { scopes?: string[]; formIds?: number[] }): Promise<string>;
  v1Token(organizationId: number, formId: number, scopes?: string[]): Promise<string>;
};

export type FormFile = {
  name: string;
  elements: unknown[];
  description?: string;
  endings?: unknown[];
  settings?: Record<string, unknown>;
  submissions?: unknown[];
};

/** A client address of a test's own (10.x.y.z), so per-client limits never join two tests. */
export const newClientAddress = () => `10.${[...randomBytes(3)].join(".")}`;

export const test = base.extend<{ seed: Seed; api: ApiClient; clientAddress: string }, { workerDb: Db }>({
  // The test server trusts one proxy (TRUST_PROXY=1): this header is the address it sees.
  clientAddress: async ({}, use) => use(newClientAddress()),
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => use({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress }),
  workerDb: [
    async ({}, use) => {
      const url = process.env.DATABASE_URL;
      if (!url) throw new Error("DATABASE_URL is not set: run the suite with `npm test`");
      const db = createDb(url, 4);
      await use(db);
      await db.$client.end();
    },
    { scope: "worker" },
  ],
  seed: async ({ workerDb: db }, use) => {
    await use({
      db,
      async org(opts = {}) {
        const email = `user-${randomUUID()}@example.test`;
        const password = "correct horse battery staple";
        const ids = await createUserWithOrganization(db, {
          email,
          password,
          name: opts.name ?? "Test User",
          organizationName: opts.orgName,
        });
        return { ...ids, email, password };
      },
      form(organizationId, def = {}, opts = {}) {
        return importForm(db, organizationId, { name: "Test form", elements: [], ...def }, opts);
      },
      async token(organizationId, opts = {}) {
        const { token } = await createApiToken(db, {
          organizationId,
          kind: "v2",
          scopes: opts.scopes ?? [...V2_SCOPES],
          formIds: opts.formIds,
        });
        return token;
      },
      async v1Token(organizationId, formId, scopes = ["form.view", "submission.view", "submission.delete"]) {
        const { token } = await createApiToken(db, { organizationId, kind: "v1", formId, scopes });
        return token;
      },
    });
  },
  api: async ({ request }, use) => {
    await use(new ApiClient(request));
  },
});

/** Thin helper: JSON requests with the token header; returns status, body and headers. */
export class ApiClient {
  constructor(private readonly request: APIRequestContext) {}

  async call(
    method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT",
    path: string,
    opts: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers["X-SERVICE-TOKEN"] = opts.token;
    if (opts.body !== undefined) headers["content-type"] ??= "application/json";
    const res = await this.request.fetch(path, {
      method,
      headers,
      // A Buffer is sent byte for byte (a string with a JSON content type would be re-encoded).
      data:
        opts.rawBody !== undefined
          ? Buffer.from(opts.rawBody)
          : opts.body === undefined
            ? undefined
            : Buffer.from(JSON.stringify(opts.body)),
    });
    const text = await res.text();
    let body: any = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: res.status(), body, headers: res.headers(), text };
  }

  get(path: string, token?: string | null) {
    return this.call("GET", path, { token });
  }
}

export { expect };

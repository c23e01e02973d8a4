import { randomUUID } from "node:crypto";
import { expect, test } from "../../fixtures";

/** Issue 9 on the dashboard's tRPC endpoint: the input guard answers in tRPC's error shape. */

const signUp = (input: string) => ({
  rawBody: input,
  headers: { "content-type": "application/json" },
});
const email = () => `user-${randomUUID()}@example.test`;

test("a NUL character in the sign-up name is a 400 naming the field, and no user is created", async ({ api }) => {
  const address = email();
  const r = await api.call(
    "POST",
    "/api/trpc/account.signUp",
    signUp(JSON.stringify({ email: address, password: "a long password", name: "a\u0000b" })),
  );
  expect(r.status).toBe(400);
  expect(r.body).toEqual({
    error: {
      message: "name must not contain NUL characters",
      code: -32600,
      data: {
        code: "BAD_REQUEST",
        httpStatus: 400,
        path: "account.signUp",
        inputPath: ["name"],
        reason: "must not contain NUL characters",
      },
    },
  });
  // The same email signs up fine afterwards: nothing was written.
  const ok = await api.call(
    "POST",
    "/api/trpc/account.signUp",
    signUp(JSON.stringify({ email: address, password: "a long password", name: "Ada" })),
  );
  expect(ok.status).toBe(200);
});

test("a lone surrogate and deep nesting in a batched tRPC input are 400s", async ({ api }) => {
  const lone = await api.call(
    "POST",
    "/api/trpc/account.signUp?batch=1",
    signUp(`{"0":{"email":"${email()}","password":"a long password","name":"\\udc00"}}`),
  );
  expect(lone.status).toBe(400);
  expect(lone.body[0].error.message).toBe("name must not contain unpaired UTF-16 surrogates");
  const deep = await api.call("POST", "/api/trpc/account.signUp?batch=1", signUp(`{"0":${"[".repeat(3000)}1${"]".repeat(3000)}}`));
  expect(deep.status).toBe(400);
  expect(deep.body[0].error.message).toBe("Request body is nested too deeply (max 64 levels)");
});

test("a malformed percent-escape in a tRPC path is a 400 in tRPC's error shape", async ({ api }) => {
  const r = await api.get("/api/trpc/%");
  expect(r.status).toBe(400);
  expect(r.body).toEqual({
    error: {
      message: 'URL path segment "%" is not valid percent-encoded UTF-8',
      code: -32600,
      data: { code: "BAD_REQUEST", httpStatus: 400 },
    },
  });
});

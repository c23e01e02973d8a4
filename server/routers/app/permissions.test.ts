import assert from "node:assert/strict";
import { test } from "node:test";
import { TRPCError } from "@trpc/server";
import { PERMISSIONS, permissionRefusal, PROCEDURE_PERMISSIONS, ROLES, type Permission } from "@/lib/permissions";
import { createCallerFactory, createContext, router, sessionProcedure } from "@/server/trpc";
import { appRouter } from "./router";

const procedures = Object.keys(appRouter._def.procedures).sort();

test("every dashboard procedure has an entry in the permission table, and the table names no procedure that is gone", () => {
  const missing = procedures.filter((p) => !(p in PROCEDURE_PERMISSIONS));
  assert.deepEqual(missing, [], `add these to PROCEDURE_PERMISSIONS in lib/permissions.ts: ${missing.join(", ")}`);
  const stale = Object.keys(PROCEDURE_PERMISSIONS).filter((p) => !procedures.includes(p));
  assert.deepEqual(stale, []);
  for (const [p, permission] of Object.entries(PROCEDURE_PERMISSIONS)) {
    assert.ok(permission === "public" || permission in PERMISSIONS, `${p}: unknown permission ${permission}`);
  }
});

test("a procedure marked public takes no session; every other one asks for one", async () => {
  const caller = createCallerFactory(appRouter)(createContext({ headers: new Headers(), surface: "trpc" }));
  for (const path of procedures) {
    const call = path.split(".").reduce<any>((node, key) => node[key], caller);
    const code = await call({}).then(
      () => "OK",
      (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
    );
    if (PROCEDURE_PERMISSIONS[path] === "public") assert.notEqual(code, "UNAUTHORIZED", path);
    else assert.equal(code, "UNAUTHORIZED", path);
  }
});

test("a session procedure missing from the table is refused, never run", async () => {
  let ran = false;
  const forgotten = router({
    extra: router({
      forgotten: sessionProcedure.query(() => {
        ran = true;
        return 1;
      }),
    }),
  });
  const session = { userId: 1, organizationId: 1, email: "a@example.test", name: "", member: { role: "owner" as const, formIds: null } };
  const caller = createCallerFactory(forgotten)(
    createContext({ headers: new Headers(), surface: "trpc", getSession: async () => session }),
  );
  await assert.rejects(caller.extra.forgotten(), (e: unknown) => e instanceof TRPCError && e.code === "INTERNAL_SERVER_ERROR");
  assert.equal(ran, false);
});

test("the refusal sentences: the role, what it cannot do and whom to ask", () => {
  assert.equal(
    permissionRefusal({ role: "viewer", formIds: null }, "answers.delete"),
    "Your role (viewer) cannot delete answers: ask an editor, admin or owner",
  );
  assert.equal(
    permissionRefusal({ role: "editor", formIds: null }, "tokens.manage"),
    "Your role (editor) cannot manage API tokens: ask an admin or owner",
  );
  assert.equal(permissionRefusal({ role: "admin", formIds: null }, "mail.manage"), "Only an owner can manage the organization's mail");
  assert.equal(
    permissionRefusal({ role: "editor", formIds: [1] }, "forms.create"),
    "You can reach only the forms chosen for you, so you cannot create forms: ask an admin or owner",
  );
  assert.equal(permissionRefusal({ role: "editor", formIds: [1] }, "forms.edit"), null);
  for (const role of ROLES) {
    for (const p of Object.keys(PERMISSIONS) as Permission[]) {
      const allowed = (PERMISSIONS[p].roles as readonly string[]).includes(role);
      assert.equal(permissionRefusal({ role, formIds: null }, p) === null, allowed, `${role} ${p}`);
    }
  }
  // The owner may do everything.
  for (const p of Object.keys(PERMISSIONS) as Permission[]) assert.equal(permissionRefusal({ role: "owner", formIds: null }, p), null);
});

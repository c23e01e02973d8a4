/**
 * `npm run --silent admin -- <command> [options]`: operator tasks from a shell, through the
 * same services as the dashboard. Success: one JSON object on stdout, exit 0. Failure: a
 * message on stderr, nothing on stdout, exit 2 for a bad command line (with the usage) and
 * 1 otherwise. Uses DATABASE_URL, or the embedded PostgreSQL of `npm start` when it is unset.
 * FORMHOUSE_DEBUG=1 adds the stack of an unexpected error.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db, DbOrTx } from "../db";
import { ZEmail } from "../lib/account-rules";
import { V1_SCOPES, V2_SCOPES } from "../lib/scopes/token-scopes";
import { parseTokenKind } from "../server/services/tokens/token-format";
import { isAppError } from "../lib/errors";
import { getFormOwnerOrThrow, getOrganizationOrThrow } from "../server/services/admin/lookups";
import { parseFormDefinition } from "../lib/forms/definition";
import { importForm } from "../server/services/forms/import-form";
import { createApiToken, revokeTokenByValue } from "../server/services/tokens/create-token";
import { systemActor } from "../server/audit/actor";
import { recordAudit, type AuditMetadata } from "../server/audit/record";
import { tokenTarget } from "../server/audit/targets";
import { createOAuthClient, deleteOAuthClient, listOAuthClients, redirectUriProblem } from "../server/oauth/clients";
import { createUserWithOrganization } from "../server/services/users/create-user";
import { createPasswordResetLink } from "../server/services/users/password-reset";
import { CliError, parseId, parseIdList, parseList, parseOptions, UsageError, type OptionSpecs, type ParsedOptions } from "./lib/cli-args";
import type { OpenDatabase } from "./lib/cli-database";

// stdout carries the result and nothing else: whatever a library prints goes to stderr.
const writeResult = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

type Connect = () => Promise<Db>;
type Command<S extends OptionSpecs> = {
  /** [synopsis, what it prints and does] per form of the command; then notes. */
  usage: [string, string][];
  notes?: string[];
  options: S;
  /** Checks everything it can before calling `connect`, so bad input never starts a database. */
  run: (opts: ParsedOptions<S>, connect: Connect) => Promise<Record<string, unknown>>;
};
/** The audit log's name for what an operator does with this CLI. */
const CLI_LABEL = "Admin CLI";

/** A token minted here, in its organization's audit log, in the transaction that minted it. */
const recordCliToken = (tx: DbOrTx, organizationId: number, token: { id: number; name: string }, metadata: AuditMetadata) =>
  recordAudit(tx, systemActor(organizationId, CLI_LABEL), "token.created", tokenTarget(token), metadata);

const command = <S extends OptionSpecs>(c: Command<S>) => c as unknown as Command<OptionSpecs>;

const COMMANDS: Record<string, Command<OptionSpecs>> = {
  "create-user": command({
    usage: [
      [
        'create-user --email E --password P [--name N] [--org "Org name"]',
        '→ {"userId", "organizationId"}: a user who owns a new organization',
      ],
    ],
    options: { email: { required: true }, password: { required: true }, name: {}, org: {} },
    async run(o, connect) {
      return createUserWithOrganization(await connect(), { email: o.email, password: o.password, name: o.name, organizationName: o.org });
    },
  }),

  "reset-link": command({
    usage: [
      [
        "reset-link --email E",
        '→ {"link", "expiresAt"}: a password reset link for the account, to hand over yourself (no mail is sent); ' +
          "it works once, until expiresAt",
      ],
    ],
    options: { email: { required: true } },
    async run(o, connect) {
      const email = ZEmail.safeParse(o.email);
      if (!email.success) throw new CliError(`--email: ${email.error.issues[0]?.message ?? "not an email address"}`);
      const reset = await createPasswordResetLink(await connect(), email.data);
      if (!reset) throw new CliError("no account uses this --email");
      return reset;
    },
  }),

  "import-form": command({
    usage: [["import-form --org ORG_ID --file F.json [--publish]", '→ {"id", "uuid"}: a form (and its submissions) from a form file']],
    options: { org: { required: true }, file: { required: true }, publish: { flag: true } },
    async run(o, connect) {
      const organizationId = parseId("org", o.org);
      const def = parseFormFile(o.file, await readJson(o.file));
      const db = await connect();
      await getOrganizationOrThrow(db, organizationId);
      return importForm(db, organizationId, def, { publish: o.publish });
    },
  }),

  "create-token": command({
    usage: [
      [
        "create-token --org ORG_ID --scopes a,b [--forms ID,ID] [--name N]",
        '→ {"token"}: a v2 organization token; with --forms, for those forms only',
      ],
      ["create-token --form FORM_ID --v1 --scopes a,b [--name N]", '→ {"token"}: a v1 token for one form, in the form\'s organization'],
    ],
    notes: [`v2 scopes: ${V2_SCOPES.join(", ")}`, `v1 scopes: ${V1_SCOPES.join(", ")}`],
    options: { org: {}, form: {}, forms: {}, v1: { flag: true }, scopes: { required: true }, name: {} },
    async run(o, connect) {
      const scopes = parseList("scopes", o.scopes);
      if (o.v1) {
        if (o.form === undefined) throw new UsageError("--v1 needs --form FORM_ID (a v1 token belongs to one form)");
        if (o.forms !== undefined) throw new UsageError("--forms is for v2 tokens; a v1 token has exactly one --form");
        const formId = parseId("form", o.form);
        const orgId = o.org === undefined ? undefined : parseId("org", o.org);
        const db = await connect();
        const { organizationId } = await getFormOwnerOrThrow(db, formId);
        if (orgId !== undefined && orgId !== organizationId) throw new CliError(`form ${formId} does not belong to organization ${orgId}`);
        const { token } = await db.transaction(async (tx) => {
          const created = await createApiToken(tx, { organizationId, kind: "v1", formId, scopes, name: o.name });
          await recordCliToken(tx, organizationId, { id: created.id, name: o.name ?? "" }, { kind: "v1", scopes, forms: [formId] });
          return created;
        });
        return { token };
      }
      if (o.form !== undefined) throw new UsageError("--form is for v1 tokens (add --v1); a v2 token takes --org and optionally --forms");
      if (o.org === undefined) throw new UsageError("--org is required (or --form FORM_ID --v1 for a v1 token)");
      const organizationId = parseId("org", o.org);
      const formIds = o.forms === undefined ? undefined : parseIdList("forms", o.forms);
      const db = await connect();
      await getOrganizationOrThrow(db, organizationId);
      const { token } = await db.transaction(async (tx) => {
        const created = await createApiToken(tx, { organizationId, kind: "v2", scopes, formIds, name: o.name });
        await recordCliToken(tx, organizationId, { id: created.id, name: o.name ?? "" }, { kind: "v2", scopes, forms: formIds ?? [] });
        return created;
      });
      return { token };
    },
  }),

  "revoke-token": command({
    usage: [["revoke-token --token T", '→ {"revoked": true}: the token stops working at once']],
    options: { token: { required: true } },
    async run(o, connect) {
      if (!parseTokenKind(o.token.trim())) throw new CliError("--token is not a Formhouse API token (fh_v1_… or fh_v2_…)");
      const db = await connect();
      const revoked = await db.transaction(async (tx) => {
        const token = await revokeTokenByValue(tx, o.token);
        if (token)
          await recordAudit(tx, systemActor(token.organizationId, CLI_LABEL), "token.revoked", tokenTarget(token), { kind: token.kind });
        return token;
      });
      if (!revoked) throw new CliError("no active token matches --token (unknown or already revoked)");
      return { revoked: true };
    },
  }),

  "create-oauth-client": command({
    usage: [
      [
        'create-oauth-client --name "Make" --redirect-uri URI [--redirect-uri URI…] [--public]',
        '→ {"clientId", "clientSecret"}: an OAuth client for the connector; ' +
          "the secret is shown once (a --public client gets none and must use PKCE)",
      ],
    ],
    notes: ["redirect URIs are matched exactly; https, or http on localhost only"],
    options: { name: { required: true }, "redirect-uri": { multiple: true }, public: { flag: true } },
    async run(o, connect) {
      const redirectUris = o["redirect-uri"];
      if (redirectUris.length === 0) throw new UsageError("--redirect-uri is required (repeat it for several)");
      for (const uri of redirectUris) {
        const problem = redirectUriProblem(uri);
        if (problem) throw new CliError(problem);
      }
      return createOAuthClient(await connect(), { name: o.name, redirectUris, isPublic: o.public });
    },
  }),

  "list-oauth-clients": command({
    usage: [["list-oauth-clients", '→ {"clients": [{"clientId", "name", "redirectUris", "public", "createdAt"}]} (no secrets)']],
    options: {},
    async run(_o, connect) {
      return { clients: await listOAuthClients(await connect()) };
    },
  }),

  "delete-oauth-client": command({
    usage: [["delete-oauth-client --client-id ID", '→ {"deleted": true}: the client and every connection made with it stop at once']],
    options: { "client-id": { required: true } },
    async run(o, connect) {
      if (!(await deleteOAuthClient(await connect(), o["client-id"].trim()))) throw new CliError("no OAuth client has this --client-id");
      return { deleted: true };
    },
  }),
};

function usage(only?: string): string {
  const commands = Object.entries(COMMANDS).filter(([name]) => !only || name === only);
  const lines = commands.flatMap(([, c]) => [
    ...c.usage.flatMap(([synopsis, result]) => [`  ${synopsis}`, `      ${result}`]),
    ...(c.notes ?? []).map((n) => `  ${n}`),
  ]);
  return [
    "Usage: npm run --silent admin -- <command> [options]",
    "",
    ...(only ? [] : ["Prints one JSON object on stdout. Uses DATABASE_URL, or the embedded PostgreSQL under .data/ when it is unset.", ""]),
    only ? "Command:" : "Commands:",
    ...lines,
  ].join("\n");
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    // `npm run` moves to the project root; a relative path means the caller's directory.
    text = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : (err as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** Validates before any database work; the message names the file and the place in it. */
function parseFormFile(file: string, json: unknown) {
  try {
    return parseFormDefinition(json);
  } catch (err) {
    if (isAppError(err)) throw new CliError(`${file}: ${err.message}`);
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!cmd) {
    const shown = parseTokenKind(name) ? "(a token)" : `'${name}'`; // never echo a token
    process.stderr.write(`error: unknown command ${shown}\n\n${usage()}\n`);
    return 2;
  }

  let database: OpenDatabase | undefined;
  // Loaded on first use: a bad command line never pays for the database stack.
  const connect: Connect = async () => (database ??= await (await import("./lib/cli-database")).openDatabase()).db;
  const stop = () => database?.close() ?? Promise.resolve();
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);

  try {
    if (rest.includes("--help") || rest.includes("-h")) throw new UsageError("");
    const result = await cmd.run(parseOptions(rest, cmd.options), connect);
    await stop();
    await new Promise<void>((resolve) => writeResult(`${JSON.stringify(result)}\n`, () => resolve()));
    return 0;
  } catch (err) {
    await stop();
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message ? `error: ${err.message}\n\n` : ""}${usage(name)}\n`);
      return 2;
    }
    if (err instanceof CliError || isAppError(err)) {
      process.stderr.write(`error: ${err.message}\n`);
      return 1;
    }
    const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
    process.stderr.write(`error: unexpected failure: ${message}\n`);
    if (process.env.FORMHOUSE_DEBUG === "1") process.stderr.write(`${err instanceof Error ? err.stack : ""}\n`);
    else process.stderr.write("(set FORMHOUSE_DEBUG=1 for details)\n");
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));

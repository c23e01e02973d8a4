/**
 * `npm run test:container`: builds deploy/Dockerfile with podman and runs the image for real.
 *
 *   1. the base: CONTAINER_BASE_IMAGE when set (e.g. node:22-bookworm-slim where a registry of
 *      images is reachable); otherwise a stand-in made here — a minimal Debian from the machine's
 *      own Debian mirror (debootstrap) with this Node and npm and a `node` user, which is what the
 *      official Node images are;
 *   2. `podman build` of the image (npm ci, next build, prune) from this checkout;
 *   3. the image on a PostgreSQL of the host (DATABASE_URL): ready, a v2 API call with a token,
 *      a survey submit stored in that database, the healthcheck, then SIGTERM → exit 0;
 *   4. the image alone (the embedded PostgreSQL in a volume): ready, stopped, started again on
 *      the same volume with the user it made still there.
 *
 * Not part of `npm test`: the build alone takes minutes. Needs podman, runc and debootstrap
 * (`apt-get install -y podman runc debootstrap`) and root.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createDb } from "../db";
import { runMigrations } from "../db/migrate";
import { submissions } from "../db/schema";
import { MESSAGES } from "../lib/errors";
import { V2_SCOPES } from "../lib/scopes/token-scopes";
import { importForm } from "../server/services/forms/import-form";
import { createApiToken } from "../server/services/tokens/create-token";
import { createUserWithOrganization } from "../server/services/users/create-user";
import { startThrowawayPostgres } from "./lib/embedded-db";
import { freePort } from "./lib/ports";

const IMAGE = "localhost/formhouse:test";
const STANDIN = "localhost/formhouse-node-standin:latest";
/**
 * podman's settings for this run (unless CONTAINERS_CONF names others): runc (crun cannot place a
 * container in a mixed cgroup v1/v2 tree) and limits low enough that a container need not raise
 * any (that takes CAP_SYS_RESOURCE, which a sandbox may lack): this process's own open files and
 * 10,000 processes, far more than a server uses. podman-compose reads the same file.
 */
function applyContainersConf(): void {
  if (process.env.CONTAINERS_CONF) return;
  const files = spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).stdout.trim();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "formhouse-podman-")), "containers.conf");
  writeFileSync(file, `[containers]\ndefault_ulimits = ["nofile=${files}:${files}", "nproc=10000:10000"]\n[engine]\nruntime = "runc"\n`);
  process.env.CONTAINERS_CONF = file;
}
/** The host's network: the container reaches the host's PostgreSQL on loopback, and the build the npm registry. */
const RUN_FLAGS = () => ["--network", "host"];

function podman(args: string[], opts: { input?: string; quiet?: boolean } = {}): string {
  const r = spawnSync("podman", args, {
    encoding: "utf8",
    input: opts.input,
    stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", opts.quiet ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`podman ${args.slice(0, 3).join(" ")} … failed (${r.status}): ${r.stderr ?? ""}`.trim());
  return r.stdout.trim();
}

const log = (line: string) => console.log(`# ${line}`);

/** The machine's Debian mirror, as apt has it (deb822 or one-line sources). */
function debianMirror(): string {
  for (const file of ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const uri = /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+\S+\s+main/m.exec(text)?.[1];
    if (uri) return uri;
  }
  throw new Error("no Debian mirror in apt's sources: set CONTAINER_BASE_IMAGE to a Node image instead");
}

/** A minimal Debian bookworm with this process's Node and npm and a `node` user (uid 1000), imported as STANDIN. */
function buildStandIn(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "formhouse-rootfs-"));
  const root = path.join(dir, "rootfs");
  try {
    log("base: a minimal Debian (debootstrap) with this Node and npm");
    const run = (cmd: string, args: string[]) => {
      const r = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
    };
    run("debootstrap", ["--variant=minbase", "bookworm", root, debianMirror()]);
    const npmRoot = spawnSync("npm", ["root", "-g"], { encoding: "utf8" }).stdout.trim();
    run("sh", [
      "-c",
      [
        `cp "${process.execPath}" "${root}/usr/local/bin/node"`,
        `mkdir -p "${root}/usr/local/lib/node_modules"`,
        `cp -a "${npmRoot}/npm" "${root}/usr/local/lib/node_modules/"`,
        `ln -sf ../lib/node_modules/npm/bin/npm-cli.js "${root}/usr/local/bin/npm"`,
        `ln -sf ../lib/node_modules/npm/bin/npx-cli.js "${root}/usr/local/bin/npx"`,
        `chroot "${root}" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node'`,
        `rm -rf "${root}"/var/cache/apt/archives/*.deb "${root}"/var/lib/apt/lists/*`,
      ].join(" && "),
    ]);
    // A network whose TLS is re-signed by a CA of its own (NODE_EXTRA_CA_CERTS here) needs it in
    // the base too, or the build's npm ci cannot reach the registry.
    const extraCa = process.env.NODE_EXTRA_CA_CERTS;
    const changes: string[] = [];
    if (extraCa && existsSync(extraCa)) {
      copyFileSync(extraCa, path.join(root, "usr/local/share/extra-ca-certificates.crt"));
      changes.push("--change", "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca-certificates.crt");
    }
    const tar = spawnSync("tar", ["-C", root, "-c", "."], { maxBuffer: 2 * 1024 * 1024 * 1024 });
    if (tar.status !== 0) throw new Error("tar of the root file system failed");
    const imported = spawnSync("podman", ["import", ...changes, "-", STANDIN], { input: tar.stdout, stdio: ["pipe", "ignore", "inherit"] });
    if (imported.status !== 0) throw new Error("podman import failed");
    return STANDIN;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function waitReady(baseUrl: string, container: string, seconds = 180): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const res = await fetch(`${baseUrl}/api/ready`).catch(() => null);
    if (res?.status === 200) return;
    const state = podman(["inspect", container, "--format", "{{.State.Status}}"], { quiet: true });
    if (state === "exited") throw new Error(`the container exited before it was ready:\n${podman(["logs", container], { quiet: true })}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`not ready within ${seconds} s:\n${podman(["logs", container], { quiet: true })}`);
}

/** SIGTERM (podman stop) and the container's exit code; it must drain and stop by itself. */
function stopGracefully(container: string): number {
  podman(["stop", "--time", "40", container], { quiet: true });
  return Number(podman(["inspect", container, "--format", "{{.State.ExitCode}}"], { quiet: true }));
}

async function onHostDatabase() {
  log("the image on a PostgreSQL of the host (DATABASE_URL)");
  const pg = await startThrowawayPostgres("container-test");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let container = "";
  try {
    await runMigrations(pg.url);
    const db = createDb(pg.url, 2);
    const { organizationId } = await createUserWithOrganization(db, {
      email: "owner@example.com",
      password: "container-test-pw-1",
      name: "Owner",
    });
    const definition = { name: "Container check", elements: [{ id: "q_name", type: "short-text", label: "Name", required: true }] };
    const form = await importForm(db, organizationId, definition, { publish: true });
    const { token } = await createApiToken(db, { organizationId, kind: "v2", scopes: [...V2_SCOPES] });
    container = podman(
      ["run", "-d", ...RUN_FLAGS(), "-e", `DATABASE_URL=${pg.url}`, "-e", `PORT=${port}`, "-e", `APP_URL=${baseUrl}`, IMAGE],
      { quiet: true },
    );
    await waitReady(baseUrl, container);
    const forms = await fetch(`${baseUrl}/api/v2/forms`, { headers: { "x-service-token": token } });
    assert.equal(forms.status, 200);
    const listed = (await forms.json()) as { forms: { uuid: string }[] };
    assert.deepEqual(
      listed.forms.map((f) => f.uuid),
      [form.uuid],
    );
    const anonymous = await fetch(`${baseUrl}/api/v2/forms`);
    assert.equal(anonymous.status, 400);
    assert.deepEqual(await anonymous.json(), { message: MESSAGES.tokenMissing });
    const page = await fetch(`${baseUrl}/sign-in`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self' 'nonce-/);
    const submit = await fetch(`${baseUrl}/f/${form.uuid}/submit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { q_name: "Ada" } }),
    });
    assert.equal(submit.status, 201);
    const { id } = (await submit.json()) as { id: string };
    const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
    assert.deepEqual(row?.data, { q_name: "Ada" });
    podman(["healthcheck", "run", container], { quiet: true });
    assert.equal(stopGracefully(container), 0);
    const logs = podman(["logs", container], { quiet: true });
    assert.doesNotMatch(logs, /"level":"error"/);
    assert.doesNotMatch(logs, /Ada/, "no answer in the log");
    await db.$client.end();
    log("ok: ready, v2 read with a token, 400 without, a page with its CSP, a submit stored, healthy, SIGTERM → exit 0");
  } finally {
    if (container) podman(["rm", "-f", container], { quiet: true });
    await pg.stop();
  }
}

async function withEmbeddedDatabase() {
  log("the image alone: the embedded PostgreSQL in a volume");
  const volume = `formhouse-test-${Date.now().toString(36)}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const start = () =>
    podman(["run", "-d", ...RUN_FLAGS(), "-e", `PORT=${port}`, "-e", `APP_URL=${baseUrl}`, "-v", `${volume}:/app/.data`, IMAGE], {
      quiet: true,
    });
  const containers: string[] = [];
  try {
    podman(["volume", "create", volume], { quiet: true });
    containers.push(start());
    await waitReady(baseUrl, containers[0]!);
    const signUp = await fetch(`${baseUrl}/sign-in`);
    assert.equal(signUp.status, 200);
    const admin = podman(
      [
        "exec",
        containers[0]!,
        "node",
        "--conditions=react-server",
        "--import",
        "tsx",
        "scripts/admin.ts",
        "create-user",
        "--email",
        "kept@example.com",
        "--password",
        "container-test-pw-2",
      ],
      { quiet: true },
    );
    assert.match(admin, /"userId":\d+/);
    assert.equal(stopGracefully(containers[0]!), 0);

    containers.push(start());
    await waitReady(baseUrl, containers[1]!);
    const again = podman(
      [
        "exec",
        containers[1]!,
        "node",
        "--conditions=react-server",
        "--import",
        "tsx",
        "scripts/admin.ts",
        "reset-link",
        "--email",
        "kept@example.com",
      ],
      { quiet: true },
    );
    assert.match(again, /"link":"http/);
    assert.equal(stopGracefully(containers[1]!), 0);
    log("ok: ready on the embedded PostgreSQL, a user made, stopped (exit 0), started again on the volume with the user kept");
  } finally {
    for (const c of containers) podman(["rm", "-f", c], { quiet: true });
    spawnSync("podman", ["volume", "rm", "-f", volume], { stdio: "ignore" });
  }
}

const PG_STANDIN = "localhost/formhouse-postgres-standin:latest";

/**
 * What deploy/compose.yaml asks of its PostgreSQL image, as the official one does it: the
 * POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB variables, a first-start initdb into
 * /var/lib/postgresql/data, connections over the network with a password, and pg_isready.
 */
const POSTGRES_ENTRYPOINT = `set -e
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "$POSTGRES_PASSWORD" > /tmp/pw && chown postgres /tmp/pw
  setpriv --reuid=postgres --regid=postgres --init-groups \\
    initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pw
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  setpriv --reuid=postgres --regid=postgres --init-groups pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=" start >/dev/null
  setpriv --reuid=postgres --regid=postgres --init-groups createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
  setpriv --reuid=postgres --regid=postgres --init-groups pg_ctl -D "$PGDATA" -w stop >/dev/null
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA"
`;

/** A PostgreSQL 15 image from Debian's packages on `base`, keeping the official image's contract (above). */
function buildPostgresStandIn(base: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "formhouse-pg-image-"));
  try {
    log("PostgreSQL: Debian's package on the same base, with the official image's variables");
    writeFileSync(path.join(dir, "entrypoint.sh"), POSTGRES_ENTRYPOINT);
    writeFileSync(
      path.join(dir, "Containerfile"),
      [
        `FROM ${base}`,
        "USER root",
        "RUN mkdir -p /etc/postgresql-common && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \\",
        "  && apt-get update -qq \\",
        "  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \\",
        "  && rm -rf /var/lib/apt/lists/*",
        "ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data",
        "COPY entrypoint.sh /usr/local/bin/postgres-entrypoint",
        'ENTRYPOINT ["sh", "/usr/local/bin/postgres-entrypoint"]',
        "",
      ].join("\n"),
    );
    podman(["build", "--network", "host", "-t", PG_STANDIN, dir], { quiet: true });
    return PG_STANDIN;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * deploy/compose.yaml as shipped, under podman-compose: the built image and a PostgreSQL image,
 * ready on the published port, a user made, everything taken down and brought up again with the
 * user kept in PostgreSQL's volume, then removed with its volumes.
 */
async function withCompose(base: string) {
  log("deploy/compose.yaml: Formhouse and its PostgreSQL");
  if (spawnSync("podman-compose", ["--version"], { stdio: "ignore" }).status !== 0) {
    throw new Error("podman-compose is not installed: apt-get install -y podman-compose");
  }
  const postgresImage = process.env.CONTAINER_POSTGRES_IMAGE || buildPostgresStandIn(base);
  const port = await freePort();
  const project = `formhouse-test-${Date.now().toString(36)}`;
  const env = {
    ...process.env,
    POSTGRES_IMAGE: postgresImage,
    FORMHOUSE_IMAGE: IMAGE,
    POSTGRES_PASSWORD: "ComposeCheck42",
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
  };
  const compose = (args: string[]) => {
    const r = spawnSync("podman-compose", ["-f", "deploy/compose.yaml", "-p", project, ...args], { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`podman-compose ${args.join(" ")} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  const app = `${project}_formhouse_1`;
  const admin = (...args: string[]) =>
    podman(["exec", app, "node", "--conditions=react-server", "--import", "tsx", "scripts/admin.ts", ...args], { quiet: true });
  try {
    compose(["up", "-d"]);
    await waitReady(env.APP_URL, app);
    assert.equal((await fetch(`${env.APP_URL}/sign-in`)).status, 200);
    assert.match(admin("create-user", "--email", "compose@example.com", "--password", "compose-check-pw-3"), /"userId":\d+/);
    compose(["down"]);
    compose(["up", "-d"]);
    await waitReady(env.APP_URL, app);
    assert.match(admin("reset-link", "--email", "compose@example.com"), /"link":"http/);
    log("ok: up, ready on the published port, a user made, down and up again with the user kept in PostgreSQL's volume");
  } finally {
    spawnSync("podman-compose", ["-f", "deploy/compose.yaml", "-p", project, "down", "-v"], { env, stdio: "ignore" });
  }
}

async function main() {
  applyContainersConf();
  if (spawnSync("podman", ["--version"]).status !== 0)
    throw new Error("podman is not installed: apt-get install -y podman runc debootstrap");
  const started = Date.now();
  const base = process.env.CONTAINER_BASE_IMAGE || buildStandIn();
  log(`build deploy/Dockerfile on ${base}`);
  const t0 = Date.now();
  // Docker's image format: OCI's has no HEALTHCHECK.
  podman([
    "build",
    "--format",
    "docker",
    "--network",
    "host",
    "-f",
    "deploy/Dockerfile",
    "--build-arg",
    `NODE_IMAGE=${base}`,
    "-t",
    IMAGE,
    ".",
  ]);
  const size = podman(["image", "inspect", IMAGE, "--format", "{{.Size}}"], { quiet: true });
  log(`built in ${((Date.now() - t0) / 1000).toFixed(0)} s, ${(Number(size) / 1024 / 1024).toFixed(0)} MB`);
  await onHostDatabase();
  await withEmbeddedDatabase();
  await withCompose(base);
  console.log(`\ncontainer test: 3 passed, 0 failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    console.log("\ncontainer test: failed");
    process.exit(1);
  },
);

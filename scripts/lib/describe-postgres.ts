import postgres from "postgres";

/**
 * "PostgreSQL 15.18 (JIT on)": a server's version and whether it compiles queries with JIT,
 * which changes plans' costs and timings. `jit` is on by default even where it cannot work:
 * with it on, pg_jit_available() says whether the server was built with LLVM and can load it.
 */
export async function describePostgres(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ version: string; jit: string; available: boolean }[]>`
      select current_setting('server_version') as version, current_setting('jit') as jit, pg_jit_available() as available`;
    if (!row) throw new Error("no answer");
    const jit = row.jit !== "on" ? "JIT off" : row.available ? "JIT on" : "no JIT";
    // Debian's reads "15.18 (Debian 15.18-0+deb12u1)".
    return `PostgreSQL ${row.version.split(" ")[0]} (${jit})`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

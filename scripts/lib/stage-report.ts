/**
 * The stages of one `npm test` run: each announced by a heading, timed, and listed again at the
 * end with its exit status, so a run on two PostgreSQL targets says which one failed where.
 */
type Row = { what: string; outcome: string; seconds?: number };

export class StageReport {
  private rows: Row[] = [];
  private anyFailed = false;

  /** Runs one stage under `# what`; a thrown error is that stage's failure, never the run's end. */
  async stage(what: string, fn: () => number | Promise<number>): Promise<number> {
    console.log(`\n# ${what}`);
    const started = performance.now();
    let status: number;
    try {
      status = await fn();
    } catch (err) {
      console.error(err);
      status = 1;
    }
    this.rows.push({ what, outcome: `exit ${status}`, seconds: (performance.now() - started) / 1000 });
    this.anyFailed ||= status !== 0;
    return status;
  }

  /** A stage that did not run (skipped: on purpose; failed: it should have). Printed now and in the summary. */
  note(what: string, outcome: "skipped" | "failed", why: string) {
    const line = `${what}: ${why}`;
    if (outcome === "failed") console.error(`\n# FAILED ${line}`);
    else console.log(`\n# skipped ${line}`);
    this.rows.push({ what: line, outcome });
    this.anyFailed ||= outcome === "failed";
  }

  get failed(): boolean {
    return this.anyFailed;
  }

  print() {
    console.log("\n# summary");
    for (const r of this.rows) {
      const time = r.seconds === undefined ? "" : `${r.seconds.toFixed(0)} s`;
      console.log(`${r.outcome.padEnd(8)} ${time.padStart(6)}  ${r.what}`);
    }
  }
}

import { readFileSync } from "node:fs";

/** Facts about other processes, from signal 0 and (on Linux) /proc; null where unknown. */

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it just is not ours to signal.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Fields of /proc/<pid>/stat from the third (state) on; the name before may hold spaces. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** Start time in clock ticks since boot: with the pid, it names one process even after pid reuse. */
export function processStart(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

export function parentPid(pid: number): number | null {
  const ppid = statFields(pid)?.[1];
  return ppid === undefined ? null : Number(ppid);
}

/** The process's command line, space-separated; null when /proc cannot tell. */
export function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return null;
  }
}

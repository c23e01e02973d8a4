import { performance } from "node:perf_hooks";

export const medianOf = (times: number[]): number => {
  const sorted = [...times].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
};

/**
 * The median of each case, the cases taken in turn within every run: the machine's load
 * drifts, and a difference between cases (the REST edge's overhead) is only fair when they
 * share the same moments. `times[case][run]` keeps every run, for differences taken run by run.
 */
export async function interleaved(
  cases: [string, () => Promise<unknown>][],
  runs: number,
  warmup: number,
): Promise<{ medians: [string, number][]; times: number[][] }> {
  for (let i = 0; i < warmup; i++) for (const [, run] of cases) await run();
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [k, [, run]] of cases.entries()) {
      const t0 = performance.now();
      await run();
      times[k]!.push(performance.now() - t0);
    }
  }
  return { medians: cases.map(([name], k) => [name, medianOf(times[k]!)]), times };
}

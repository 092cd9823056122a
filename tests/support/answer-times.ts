/** The median of some durations (milliseconds). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The median durations of `count` pairs of requests, sent alternately so that a busy moment hits both
 * kinds alike: `a` of `first`, `b` of `second`.
 */
export async function timePairs(
  count: number,
  first: (i: number) => Promise<unknown>,
  second: (i: number) => Promise<unknown>,
): Promise<{ a: number; b: number }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < count; i++) {
    for (const [run, into] of [
      [first, a],
      [second, b],
    ] as const) {
      const started = performance.now();
      await run(i);
      into.push(performance.now() - started);
    }
  }
  return { a: median(a), b: median(b) };
}

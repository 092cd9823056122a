/**
 * Failpoints: named places where the process kills itself (SIGKILL, no clean-up), as a power cut or an
 * out-of-memory kill would, so a test can prove that no work is lost at exactly that place. Off unless
 * FAILPOINTS names them (config.ts refuses any in production). The idea is FreeBSD's fail(9) and etcd's
 * gofail, reduced to the one action we need.
 */
export const FAILPOINT_NAMES = [
  /** A finished upload's video row has its file and its processing job, committed; nothing else ran. */
  'upload-claimed',
] as const;
export type FailpointName = (typeof FAILPOINT_NAMES)[number];

/** A function that kills the process when `name` is armed, and does nothing otherwise. */
export function failpoint(armed: readonly FailpointName[], name: FailpointName): () => void {
  if (!armed.includes(name)) return () => {};
  return () => {
    process.kill(process.pid, 'SIGKILL');
  };
}

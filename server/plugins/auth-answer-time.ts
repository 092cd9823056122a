import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Auth answers whose duration would tell a stranger whether an address has an account: a new sign-up
 * stores a user and an account, a taken address sends a mail; a reset request for a known address
 * stores a code and sends a mail, for an unknown one it does nothing. Each of these answers takes at
 * least this long (milliseconds), well above what the real work takes, so both kinds finish together.
 */
export const STEADY_AUTH_ANSWERS: Readonly<Record<string, number>> = {
  '/api/auth/sign-up/email': 600,
  '/api/auth/request-password-reset': 400,
};

/** The floor of an auth answer (0 when its duration tells nothing). */
export function answerFloorMs(
  floors: Readonly<Record<string, number>>,
  method: string,
  pathname: string,
): number {
  if (method !== 'POST') return 0;
  return floors[pathname.replace(/\/+$/, '')] ?? 0;
}

/** Waits until `floorMs` have passed since `startedAt` (a `performance.now()` reading). */
export async function holdUntil(startedAt: number, floorMs: number): Promise<void> {
  const left = floorMs - (performance.now() - startedAt);
  if (left > 0) await sleep(left);
}

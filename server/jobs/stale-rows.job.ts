import { authRateLimitsRepository } from '../repositories/auth-rate-limits.repository';
import type { Executor } from '../repositories/executor';
import { uploadLocksRepository } from '../repositories/upload-locks.repository';

const DAY_MS = 24 * 3600_000;

/**
 * Rows that count or lock for a while and that nothing else removes (main.ts's upkeep, hourly): better-
 * auth's rate-limit counters idle for a day, and upload locks whose lease lapsed a day ago (a holder that
 * crashed). Our own counters (`rate_limit_hits`, `sign_in_failures`) are swept as they are used.
 */
export async function deleteStaleRows(db: Executor, now: Date) {
  const counters = await authRateLimitsRepository(db).deleteIdleBefore(now.getTime() - DAY_MS);
  const locks = await uploadLocksRepository(db).deleteLapsed(DAY_MS);
  return { counters, locks };
}

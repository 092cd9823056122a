import { z } from 'zod';

/** One readiness check: passing, failing, or not part of this instance (no job queue runs here). */
const check = z.enum(['ok', 'failing', 'off']);

/** `/readyz`: whether this instance should be sent requests, and which check says no. */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.object({ database: check, migrations: check, storage: check, jobs: check }),
});

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

import crypto from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import en from '../../common/i18n/en.json' with { type: 'json' };
import { ROUTES } from '../../common/routes';
import type { Mailer } from '../adapters/mail/mailer';
import type { Executor } from '../repositories/executor';
import { signInFailuresRepository } from '../repositories/sign-in-failures.repository';
import { actionMail, languageOf } from '../services/mail/mail-templates';
import { holdUntil } from './auth-answer-time';

/**
 * Failed password sign-ins one account (one e-mail address, known or not) takes in a window, from any
 * client addresses; after that its sign-ins answer 429 until the window ends, a correct password too.
 */
export const SIGN_IN_ACCOUNT_LIMIT = { failures: 20, windowMs: 60 * 60_000 } as const;

/**
 * The least time, from the request's arrival, of the answer whose failure pauses an account, known or
 * not: well above the sign-in's own work and the owner's notice (a lookup and an outbox row), so the
 * answer does not tell a stranger whether the address has an account.
 */
export const PAUSING_ANSWER_FLOOR_MS = 600;

/** How often ended counters are swept from the table (on a failure, so no timer outlives the app). */
const SWEEP_EVERY_MS = 60 * 60_000;

const SIGN_IN_PATH = '/sign-in/email';

/** An address as it identifies an account here: trimmed, lower-cased. */
const normalised = (email: string) => email.trim().toLowerCase();

/** The key of an address's counter: the SHA-256 of its normalised form, whether it has an account or not. */
export function signInAccountKey(email: string): string {
  return crypto.createHash('sha256').update(normalised(email)).digest('hex');
}

/** The address a sign-in request names, normalised; null for anything else (better-auth refuses those). */
function signInEmailOf(ctx: { path?: string; body?: unknown }): string | null {
  if (ctx.path !== SIGN_IN_PATH) return null;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? normalised(email) : null;
}

/** The refusal while an account's sign-ins are paused: our error shape, and when to try again. */
function pausedAnswer(msLeft: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'SIGN_IN_PAUSED', message: en.errors.SIGN_IN_PAUSED },
    { 'Retry-After': String(Math.max(1, Math.ceil(msLeft / 1000))) },
  );
}

/**
 * The limit per account on password sign-ins, beside better-auth's own per client address: a stranger
 * trying one account from many networks is slowed down as one. Failures (401) are counted per address in
 * the database, shared by every instance; at the limit the owner, if there is one, hears of it once by
 * mail, and further sign-ins of that address answer 429 with Retry-After, before the password is checked,
 * until the window ends. A successful sign-in and a completed password reset (`clear`) forget the
 * failures: the owner can always get in through a reset link.
 */
export function signInAccountLimit(options: { db: Executor; mailer: Mailer; publicUrl: string }) {
  const failures = signInFailuresRepository(options.db);
  /** When each sign-in request reached the limit's check: where the pausing answer's floor starts. */
  const arrivals = new WeakMap<Request, number>();
  let nextSweep = 0;

  function sweep(log: { warn(message: string, ...args: unknown[]): void }) {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_EVERY_MS;
    failures.deleteEnded().catch((error: unknown) => {
      nextSweep = 0; // the next failure tries again
      log.warn('sweeping ended sign-in failure counters failed', error);
    });
  }

  /** Tells the owner of `email`, if any, in their language, how to get in now. Never throws. */
  async function tellOwner(
    email: string,
    context: { internalAdapter: { findUserByEmail(email: string): Promise<{ user: object } | null> } },
    log: { error(message: string, ...args: unknown[]): void },
  ) {
    try {
      const found = await context.internalAdapter.findUserByEmail(email);
      if (!found) return;
      const user = found.user as { email: string; language?: string };
      const language = languageOf(user.language);
      const url = `${options.publicUrl}${ROUTES.forgotPassword}?lang=${language}`;
      await options.mailer.send(actionMail('signInPaused', { to: user.email, language, url }));
    } catch (error) {
      // The pause holds without the notice; the sign-in's own answer stays a plain 401.
      log.error('telling an account owner that sign-in is paused failed', error);
    }
  }

  const hooks = {
    before: createAuthMiddleware(async (ctx) => {
      const email = signInEmailOf(ctx);
      if (email === null) return;
      if (ctx.request) arrivals.set(ctx.request, performance.now());
      const msLeft = await failures.pausedFor(signInAccountKey(email), SIGN_IN_ACCOUNT_LIMIT.failures);
      if (msLeft > 0) throw pausedAnswer(msLeft);
    }),
    after: createAuthMiddleware(async (ctx) => {
      const email = signInEmailOf(ctx);
      if (email === null) return;
      const returned = ctx.context.returned;
      if (!isAPIError(returned)) {
        if (ctx.context.newSession) await failures.clear(signInAccountKey(email));
        return;
      }
      if (returned.statusCode !== 401) return;
      const startedAt = (ctx.request && arrivals.get(ctx.request)) ?? performance.now();
      const count = await failures.count(signInAccountKey(email), SIGN_IN_ACCOUNT_LIMIT.windowMs);
      sweep(ctx.context.logger);
      // Exactly one failure reaches the limit in a window, on whichever instance: one notice per pause.
      if (count.failures !== SIGN_IN_ACCOUNT_LIMIT.failures) return;
      await tellOwner(email, ctx.context, ctx.context.logger);
      await holdUntil(startedAt, PAUSING_ANSWER_FLOOR_MS);
    }),
  } satisfies BetterAuthOptions['hooks'];

  return {
    hooks,
    /** Forgets the failures of `email`'s account (a completed password reset). */
    clear: (email: string) => failures.clear(signInAccountKey(email)),
  };
}

export type SignInAccountLimit = ReturnType<typeof signInAccountLimit>;

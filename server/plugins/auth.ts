import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError, getOAuthState } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_NAME, LANGUAGES, LIMITS } from '../../common/constants';
import { isFullyVerified } from '../../common/contracts/verification';
import { ROUTES } from '../../common/routes';
import type { Mailer } from '../adapters/mail/mailer';
import type { SocialConfig } from '../config';
import { notFound } from '../errors';
import type { Caller } from '../policies/caller';
import { adminUsersRepository } from '../repositories/admin-users.repository';
import type { Executor } from '../repositories/executor';
import { rateLimitHitsRepository } from '../repositories/rate-limit-hits.repository';
import { usersRepository } from '../repositories/users.repository';
import { verificationsRepository } from '../repositories/verifications.repository';
import { actionLink, actionMail, languageOf } from '../services/mail/mail-templates';
import { answerFloorMs, holdUntil, STEADY_AUTH_ANSWERS } from './auth-answer-time';
import { isOpenAuthEndpoint } from './auth-endpoints';
import { creatingProvider, newUserFields } from './auth-new-user';
import { type SignInAccountLimit, signInAccountLimit } from './auth-sign-in-limit';
import { recentCallers } from './recent-callers';
import { isUnder } from './request-paths';

/** How often the owner of an address hears that someone tried to sign up with it, at most. */
const SIGN_UP_ATTEMPT_MAIL_WINDOW_MS = 60 * 60_000;

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };

/** The header through which the client's address (as Fastify determined it) reaches better-auth. */
const CLIENT_IP_HEADER = 'x-clipmarket-client-ip';

/** better-auth's own limits on its endpoints, per client address. */
const AUTH_RATE_LIMITS = {
  enabled: true,
  // In our database (migration 0016), so N app instances share one budget instead of giving N.
  storage: 'database',
  modelName: 'auth_rate_limits',
  fields: { lastRequest: 'last_request' },
  window: 60,
  max: 100,
  customRules: {
    // Ten a minute per client address: an office behind one address, or a sign-up followed by the
    // web app's own sign-in, stays under it; guessing a password stays slow.
    '/sign-in/email': { window: 60, max: 10 },
    // Starting a social sign-in only sends the browser to the provider (no secret to guess): better-auth's
    // default for /sign-in paths (3 in 10 s per address) would refuse people behind one office address.
    '/sign-in/social': { window: 60, max: 30 },
    '/sign-up/email': { window: 60, max: 5 },
    '/request-password-reset': { window: 15 * 60, max: 3 },
    '/reset-password': { window: 15 * 60, max: 5 },
  },
} satisfies BetterAuthOptions['rateLimit'];

export interface AuthOptions {
  db: Executor;
  secret: string;
  /** The public address of the app: the base of links in e-mails. */
  publicUrl: string;
  /** Origins whose pages may sign in (config.ts: PUBLIC_URL's, TRUSTED_ORIGINS, loopback in development). */
  trustedOrigins: string[];
  mailer: Mailer;
  social: SocialConfig;
  /**
   * Called when a social login creates a user with a picture on the provider's picture hosts (to import it
   * as the avatar); never for a password sign-up.
   */
  onSocialPicture?: (userId: string, pictureUrl: string, provider: string) => Promise<void>;
  /** Another way to hash and check passwords than better-auth's scrypt (tests remember its answers). */
  passwordHashing?: {
    hash: (password: string) => Promise<string>;
    verify: (data: { hash: string; password: string }) => Promise<boolean>;
  };
}

/** better-auth over our shared Kysely (and so our one pool), with our snake_case tables. */
export function createAuth(options: AuthOptions) {
  const { google, facebook } = options.social;
  const accountLimit = signInAccountLimit(options);
  return betterAuth({
    appName: APP_NAME,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: { db: options.db, type: 'postgres' },
    socialProviders: {
      ...(google && { google: { clientId: google.clientId, clientSecret: google.clientSecret } }),
      ...(facebook && { facebook: { clientId: facebook.clientId, clientSecret: facebook.clientSecret } }),
    },
    // Every signed-in user could otherwise set their name (the username rules skipped), picture (any
    // URL), language and referrer here: those change only through our own validated endpoints.
    disabledPaths: ['/update-user'],
    plugins: options.social.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                name: options.social.oidc.name,
                discoveryUrl: `${options.social.oidc.issuerUrl}/.well-known/openid-configuration`,
                clientId: options.social.oidc.clientId,
                clientSecret: options.social.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    emailAndPassword: emailAndPasswordOptions(options, accountLimit),
    databaseHooks: databaseHooks(options),
    rateLimit: AUTH_RATE_LIMITS,
    // Password sign-ins limited per account too, from every client address (auth-sign-in-limit.ts).
    hooks: accountLimit.hooks,
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      // Rights and the referrer live in our own columns; auth never writes them (see usersRepository).
      additionalFields: {
        language: {
          type: 'string',
          input: true,
          required: false,
          defaultValue: 'en',
          validator: { input: z.enum(LANGUAGES) },
        },
        // Who invited the new user (SPEC 2.4 sign-up); checked below, since a bad id must not block sign-up.
        // Not in auth's answers: the stand-in answer of a taken address could not check it the same way.
        referrer_id: { type: 'string', input: true, required: false, returned: false },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...timestamps,
      },
    },
    account: {
      modelName: 'accounts',
      // A social login whose e-mail belongs to an existing account is never joined to it silently: the
      // person proves the password first (the merge-accounts overlay), then links while signed in.
      accountLinking: { enabled: true, disableImplicitLinking: true },
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...timestamps } },
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: options.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
  });
}
export type Auth = ReturnType<typeof createAuth>;

/**
 * Signing up and in with a password, and resetting it by mail: a sign-up tells no one whether the
 * address was taken.
 */
function emailAndPasswordOptions(options: AuthOptions, accountLimit: SignInAccountLimit) {
  return {
    enabled: true,
    minPasswordLength: LIMITS.passwordMin,
    ...(options.passwordHashing && { password: options.passwordHashing }),
    // A sign-up answers the same whether the address is new or already has an account (no session,
    // the same body), so it cannot tell anyone which addresses are registered; the web app signs in
    // right after. The owner of a taken address gets a mail instead of the stranger getting an error.
    autoSignIn: false,
    async onExistingUserSignUp({ user }) {
      // One such mail an hour per address: strangers signing up with someone's address from many
      // networks (each under its own sign-up limit) must not fill that person's mailbox.
      const counted = await rateLimitHitsRepository(options.db).hit(
        `sign-up-attempt-mail:${user.email.toLowerCase()}`,
        SIGN_UP_ATTEMPT_MAIL_WINDOW_MS,
      );
      if (counted.hits > 1) return;
      const language = languageOf((user as { language?: string }).language);
      const url = `${options.publicUrl}${ROUTES.signIn}?lang=${language}`;
      await options.mailer.send(actionMail('signUpAttempt', { to: user.email, language, url }));
    },
    // The stand-in user of that answer, shaped as a new password user comes out of `user.create.before`.
    customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
      ...coreFields,
      name: '',
      image: null,
      ...additionalFields,
      id,
    }),
    resetPasswordTokenExpiresIn: 60 * 60,
    revokeSessionsOnPasswordReset: true,
    // The link opens the app, which checks the code and shows the new-password form (SPEC 2.1, 4.7).
    async sendResetPassword({ user, token }) {
      const language = languageOf((user as { language?: string }).language);
      const url = actionLink(options.publicUrl, 'resetPassword', token, language);
      await options.mailer.send(actionMail('resetPassword', { to: user.email, language, url }));
    },
    // Using a code voids any other the user still holds (issuing one already voids the older ones, below),
    // and ends a pause of the account's sign-ins: the owner can always get in through a reset link.
    async onPasswordReset({ user }) {
      await verificationsRepository(options.db).voidPasswordResets(user.id);
      await accountLimit.clear(user.email);
    },
  } satisfies BetterAuthOptions['emailAndPassword'];
}

/**
 * What better-auth's own writes must also do: refuse a disabled account a session, void older reset
 * codes, and give a new user our fields (the referrer checked) and, from a social login, its picture.
 */
function databaseHooks(options: AuthOptions) {
  return {
    session: {
      create: {
        // Every way in (password, social login, linking) makes a session here: a disabled account gets
        // none, and the sign-in answers SPEC 8.2's user-disabled (USER_DISABLED) instead.
        async before(session) {
          if (await adminUsersRepository(options.db).isDisabled(session.userId)) {
            throw APIError.from('FORBIDDEN', {
              message: 'User has been temporary disabled. Please contact our support team.',
              code: 'USER_DISABLED',
            });
          }
        },
      },
    },
    verification: {
      create: {
        // Only the newest reset code works: a new one voids the user's older ones (a leaked or
        // forwarded old mail must not outlive the next request). Runs after the code is stored.
        async after(verification) {
          if (!verification.identifier.startsWith('reset-password:')) return;
          await verificationsRepository(options.db).voidPasswordResets(
            verification.value,
            verification.identifier,
          );
        },
      },
    },
    user: {
      create: {
        async before(user, context) {
          // From the sign-up form, or carried through a social login's OAuth state.
          const oauthState = (await getOAuthState().catch(() => null)) as { referrerId?: unknown } | null;
          const candidate = user.referrer_id ?? oauthState?.referrerId;
          const referrer = typeof candidate === 'string' ? candidate : null;
          const known = referrer ? await usersRepository(options.db).findById(referrer) : undefined;
          const fields = newUserFields(user, context, options.social);
          return { data: { ...user, ...fields, referrer_id: known ? known.id : null } };
        },
        async after(user, context) {
          // `before` kept a picture only for a social sign-up, and only from the provider's own hosts.
          const provider = creatingProvider(context);
          if (provider && user.image) await options.onSocialPicture?.(user.id, user.image, provider);
        },
      },
    },
  } satisfies BetterAuthOptions['databaseHooks'];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: Caller | null;
  }
}

/**
 * Whether a request brings a session cookie (better-auth's `session_token`, with or without a
 * `__Secure-` prefix): without one the caller is anonymous, whatever other cookies it has.
 */
export function carriesSession(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes('session_token=') === true;
}

/**
 * Mounts better-auth under /api/auth and resolves `request.user` from the session cookie. `answerFloors`:
 * the least time of the answers that could otherwise tell a registered address by their duration.
 */
export async function registerAuth(
  app: FastifyInstance,
  auth: Auth,
  db: Executor,
  answerFloors: Readonly<Record<string, number>> = STEADY_AUTH_ANSWERS,
): Promise<void> {
  const users = usersRepository(db);
  const recent = recentCallers();
  app.decorateRequest('user', null);

  app.addHook('preHandler', async (request: FastifyRequest) => {
    // Only our API needs the caller: static files and app pages would pay a session lookup for nothing.
    const isOwnApi = isUnder(request, ['/api/']) && !isUnder(request, ['/api/auth/']);
    if (!isOwnApi || !carriesSession(request)) return;
    const { key, caller } = recent.recall(request);
    if (caller) {
      request.user = caller;
      return;
    }
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return;
    const { user } = session;
    const standing = await users.findStanding(user.id);
    if (!standing) return;
    // A disabled account's sessions end at its next request, even one that slipped in around the disable.
    if (standing.disabled_at !== null) {
      await adminUsersRepository(db).endSessions(user.id);
      return;
    }
    request.user = {
      id: user.id,
      email: standing.email,
      name: user.name,
      emailVerified: standing.email_verified,
      image: user.image ?? null,
      rights: standing.rights,
      phoneNumber: standing.phone_number,
      verified: isFullyVerified({
        emailVerified: standing.email_verified,
        phoneNumber: standing.phone_number,
        profileVerified: standing.profile_verified === true,
        accountVerified: standing.account_verified === true,
      }),
    };
    recent.remember(key, request.user);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const startedAt = performance.now();
      // On our own public address, never the request's Host: a hostile one ("[::1]:99999") is no URL at all.
      const url = new URL(request.url, app.config.publicUrl);
      if (!isOpenAuthEndpoint(request.method, url.pathname.slice('/api/auth'.length))) throw notFound();
      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip); // never the caller's own claim: request.ip honours TRUST_PROXY
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );
      const body = response.body ? await response.text() : null;
      await holdUntil(startedAt, answerFloorMs(answerFloors, request.method, url.pathname));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(body);
    },
  });
}

import { betterAuth } from 'better-auth';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LIMITS } from '../../common/constants';
import type { DB } from '../db/schema';
import { usersRepository } from '../repositories/users.repository';

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };

/** better-auth over our shared Kysely (and so our one pool), with our snake_case tables. */
export function createAuth(options: {
  db: Kysely<DB>;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
}) {
  return betterAuth({
    appName: 'Clipmarket',
    baseURL: options.baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: { db: options.db, type: 'postgres' },
    emailAndPassword: { enabled: true, minPasswordLength: LIMITS.passwordMin },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      // Rights and the referrer live in our own columns; auth never writes them (see usersRepository).
      additionalFields: { language: { type: 'string', input: true, required: false, defaultValue: 'en' } },
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
    advanced: { database: { generateId: 'uuid' } },
    telemetry: { enabled: false },
  });
}
export type Auth = ReturnType<typeof createAuth>;

/** Who is calling: enough for policies; pages that need more load it themselves. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  rights: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

/** Mounts better-auth under /api/auth and resolves `request.user` from the session cookie. */
export async function registerAuth(app: FastifyInstance, auth: Auth, db: Kysely<DB>): Promise<void> {
  const users = usersRepository(db);
  app.decorateRequest('user', null);

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.url.startsWith('/api/auth/') || !request.headers.cookie) return;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return;
    const { user } = session;
    request.user = {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      rights: await users.findRights(user.id),
    };
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}

/**
 * What the environment may say: each variable's parser and default, and the rules between them (a driver
 * that needs its credentials, a social login given by halves). config.ts turns the result into AppConfig.
 */
import net from 'node:net';
import { z } from 'zod';
import { FAILPOINT_NAMES } from './failpoints';

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
      error: hint,
    });

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list like addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (item: string) => {
  if (PROXY_RANGE_NAMES.includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies may tell us the client's address in X-Forwarded-For: none (`false`), the last N hops
 * (a number; `true` is one hop, a single reverse proxy), or the proxies' own addresses and CIDR ranges.
 * Never "anyone": the left-most X-Forwarded-For is whatever the client wrote, and believing it would
 * give every request a fresh rate-limit budget.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['false', 'no', '0'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(lower) && Number(lower) <= 10) return Number(lower);
    const items = lower
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length > 0 && items.every(isProxyAddress)) return items;
    ctx.addIssue({
      code: 'custom',
      message:
        'expected false, a number of proxy hops (1 to 10), or a comma list of proxy addresses or CIDRs',
    });
    return z.NEVER;
  });

/** An origin as a browser sends it: scheme, host and port, nothing after. */
const isOrigin = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** A list of hostnames and "*.domain" wildcards (a bare "*" would allow every host, so it is refused). */
const pictureHosts = (defaults: string) =>
  z
    .string()
    .default(defaults)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)), {
      error: 'expected hostnames or *.domain wildcards, comma-separated',
    });

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalUrl(/^https?:/, 'expected an http(s) URL such as https://example.com'),
    /** Origins besides PUBLIC_URL's whose pages may sign in and change things (another hostname of the site). */
    TRUSTED_ORIGINS: list.refine((origins) => origins.every(isOrigin), {
      error: 'expected a comma list of origins such as https://www.example.com (scheme, host and port only)',
    }),
    TRUST_PROXY: trustProxy.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:/, 'expected a postgres:// connection URL'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** A site on NODE_ENV=production may keep the embedded database (one instance, a small site) only when this says so. */
    ALLOW_EMBEDDED_DATABASE: z.enum(['true', 'false']).default('false'),
    SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
    AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /**
     * The bearer token a Prometheus scraper sends for `/metrics`; unset, the endpoint does not exist (404).
     * Long and random, like AUTH_SECRET, and header-safe: printable ASCII without spaces.
     */
    METRICS_TOKEN: z
      .string()
      .min(32, { error: 'must be at least 32 characters' })
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces (it is sent in a header)' })
      .optional(),
    SMTP_URL: optionalUrl(/^smtps?:/, 'expected an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().default('Clipmarket <no-reply@localhost>'),
    CONTACT_EMAIL: z.email({ error: 'expected an e-mail address' }).default('support@example.com'),
    MESSENGER_URL: optionalUrl(/^https?:/, 'expected an http(s) URL'),
    TV_HOSTNAMES: list,
    TV_ADVERTISING_URL: optionalUrl(/^https?:/, 'expected an http(s) URL'),
    TV_CHANNEL_URL: optionalUrl(/^https?:/, 'expected an http(s) URL'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optionalUrl(/^https?:/, 'expected an http(s) URL'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // Behind nginx with local storage: the app checks a signed URL and nginx sends the file from this
    // internal location (X-Accel-Redirect), with sendfile and ranges of its own.
    FILES_PROXY_LOCATION: z
      .string()
      .regex(/^\/[\w\-/]*\/$/, {
        error: 'expected a path that starts and ends with /, e.g. /internal-files/',
      })
      .optional(),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 1024 ** 3),
    /** Previews made at once by this instance: ffmpeg keeps a core busy each (default 1 on 2 cores). */
    PREVIEW_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /**
     * For crash tests only: named points (server/failpoints.ts) where the process kills itself, as a
     * power cut or an out-of-memory kill would, to prove that no work is lost there. Refused in production.
     */
    FAILPOINTS: list.pipe(
      z.array(z.enum(FAILPOINT_NAMES, { error: `expected some of ${FAILPOINT_NAMES.join(', ')}` })),
    ),
    /**
     * How long an anonymous caller's public answer (the video lists and pages) is kept and shared with the
     * next anonymous callers; a change to a video or a member clears it on every instance. 0 turns it off.
     */
    PUBLIC_ANSWER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /**
     * How long the preview URLs of a partner's Media RSS feed work (seconds; 2 h to 7 days, the S3 limit).
     * Short by default: a URL outlives the video turning private (docs/security.md, "Signed URLs").
     */
    MRSS_PREVIEW_URL_SECONDS: z.coerce
      .number()
      .int()
      .min(2 * 60 * 60)
      .max(7 * 24 * 60 * 60)
      .default(2 * 60 * 60),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** A staging site on NODE_ENV=production may take sandbox payments only when this says so. */
    ALLOW_SANDBOX_PAYMENTS: z.enum(['true', 'false']).default('false'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    // Another address for Stripe's API (a local stand-in in tests); Stripe's own when unset.
    STRIPE_API_BASE: optionalUrl(/^https?:/, 'expected an http(s) URL such as http://127.0.0.1:12111'),
    PAYOUT_PROVIDER: z.enum(['manual', 'paypal']).default('manual'),
    PAYPAL_CLIENT_ID: z.string().optional(),
    PAYPAL_CLIENT_SECRET: z.string().optional(),
    PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    // Another address for PayPal's API (a local stand-in in tests); PAYPAL_MODE's own when unset.
    PAYPAL_API_BASE: optionalUrl(/^https?:/, 'expected an http(s) URL such as http://127.0.0.1:12112'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER_URL: optionalUrl(/^https?:/, 'expected the http(s) URL of an OpenID Connect issuer'),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_PROVIDER_NAME: z.string().default('OpenID'),
    // Where each provider's profile pictures may be fetched from (the avatar import): exact hosts and
    // "*.domain" wildcards, https only. The OpenID Connect provider's defaults to the issuer's host.
    GOOGLE_PICTURE_HOSTS: pictureHosts('lh3.googleusercontent.com,*.googleusercontent.com'),
    FACEBOOK_PICTURE_HOSTS: pictureHosts('platform-lookaside.fbsbx.com,*.fbcdn.net'),
    OIDC_PICTURE_HOSTS: pictureHosts(''),
    // Publishing approved videos to the platform's YouTube channel: on when all three are given.
    YOUTUBE_CLIENT_ID: z.string().optional(),
    YOUTUBE_CLIENT_SECRET: z.string().optional(),
    YOUTUBE_REFRESH_TOKEN: z.string().optional(),
    // Only a stand-in (tests, a local mock) changes these.
    YOUTUBE_API_BASE: z
      .string()
      .trim()
      .default('https://www.googleapis.com')
      .refine((value) => URL.canParse(value) && /^https?:/.test(value), { error: 'expected an http(s) URL' }),
    YOUTUBE_OAUTH_BASE: z
      .string()
      .trim()
      .default('https://oauth2.googleapis.com')
      .refine((value) => URL.canParse(value) && /^https?:/.test(value), { error: 'expected an http(s) URL' }),
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    GEOCODER_URL: z
      .string()
      .trim()
      .default('https://nominatim.openstreetmap.org')
      .refine((value) => URL.canParse(value) && /^https?:/.test(value), {
        error: 'expected the http(s) URL of a Nominatim-compatible geocoder',
      }),
    MAP_TILE_URL: z
      .string()
      .trim()
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .refine(
        (value) => /^https?:\/\//.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
        {
          error: 'expected an http(s) tile URL template with {z}, {x} and {y}',
        },
      ),
  })
  .superRefine((env, ctx) => {
    const require = (when: boolean, keys: (keyof typeof env)[], reason: string) => {
      if (!when) return;
      for (const key of keys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${reason}` });
      }
    };
    require(env.STORAGE_DRIVER === 's3', ['S3_BUCKET'], 'STORAGE_DRIVER=s3');
    if (env.FILES_PROXY_LOCATION && env.STORAGE_DRIVER !== 'local')
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_PROXY_LOCATION'],
        message: 'is for local storage only (S3 serves its own files)',
      });
    require(env.PAYMENT_PROVIDER === 'stripe', [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ], 'PAYMENT_PROVIDER=stripe');
    require(env.PAYOUT_PROVIDER === 'paypal', [
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
    ], 'PAYOUT_PROVIDER=paypal');
    require(env.SMS_PROVIDER === 'twilio', [
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
    ], 'SMS_PROVIDER=twilio');
    const production = env.NODE_ENV === 'production';
    require(production, ['AUTH_SECRET', 'PUBLIC_URL'], 'NODE_ENV=production');
    // Session cookies and the payment providers' return addresses need the site behind TLS.
    if (production && env.PUBLIC_URL?.startsWith('http:')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be https:// in production' });
    }
    // The embedded database is one process's file: a second instance cannot share it, and it has no backups.
    if (production && env.FAILPOINTS.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['FAILPOINTS'],
        message: 'kills the process on purpose: never in production',
      });
    if (production && !env.DATABASE_URL && env.ALLOW_EMBEDDED_DATABASE !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'is required in production (PostgreSQL); a single-instance site may keep the embedded database with ALLOW_EMBEDDED_DATABASE=true',
      });
    }
    // The sandbox lets any buyer mark their own purchase paid, and creators withdraw real money from it.
    if (production && env.PAYMENT_PROVIDER === 'sandbox' && env.ALLOW_SANDBOX_PAYMENTS !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'is the sandbox, where buyers mark their own purchases paid: set PAYMENT_PROVIDER=stripe in production (a staging site may set ALLOW_SANDBOX_PAYMENTS=true)',
      });
    }
    // A social login is on when its credentials are given; half of a pair is a mistake worth stopping for.
    const google = Boolean(env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET);
    require(google, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], 'Google sign-in is configured');
    const facebook = Boolean(env.FACEBOOK_CLIENT_ID || env.FACEBOOK_CLIENT_SECRET);
    require(facebook, ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'], 'Facebook sign-in is configured');
    const oidc = Boolean(env.OIDC_ISSUER_URL || env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET);
    require(oidc, [
      'OIDC_ISSUER_URL',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
    ], 'OpenID Connect sign-in is configured');
    const youtube = Boolean(env.YOUTUBE_CLIENT_ID || env.YOUTUBE_CLIENT_SECRET || env.YOUTUBE_REFRESH_TOKEN);
    require(youtube, [
      'YOUTUBE_CLIENT_ID',
      'YOUTUBE_CLIENT_SECRET',
      'YOUTUBE_REFRESH_TOKEN',
    ], 'YouTube publishing is configured');
  });

export type Env = z.infer<typeof envSchema>;

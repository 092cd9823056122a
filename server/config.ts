import path from 'node:path';
import { type Env, envSchema } from './config-env';
import type { FailpointName } from './failpoints';

export type { Env } from './config-env';

/** The typed configuration every part of the server receives; nothing else reads process.env. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  /**
   * Origins whose pages may sign in and change things (the cross-site guard and better-auth): PUBLIC_URL's
   * and TRUSTED_ORIGINS; outside production also localhost, 127.0.0.1 and [::1] on the listening port.
   */
  trustedOrigins: string[];
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and CIDRs (see TRUST_PROXY). */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  database: { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  seedDemoData: Env['SEED_DEMO_DATA'];
  authSecret: string | undefined;
  /** The bearer token of the Prometheus metrics at `/metrics`; undefined: no metrics are kept or served. */
  metricsToken: string | undefined;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  contact: { email: string; messengerUrl: string | undefined };
  tv: { hostnames: string[]; advertisingUrl: string | undefined; channelUrl: string | undefined };
  storage: {
    driver: Env['STORAGE_DRIVER'];
    localDir: string;
    /** nginx's internal location of `localDir`, when nginx sends signed files (X-Accel-Redirect). */
    proxyLocation: string | undefined;
    s3: {
      bucket?: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
    };
  };
  uploadMaxBytes: number;
  previewConcurrency: number;
  /** Crash tests' failpoints (server/failpoints.ts); empty everywhere else. */
  failpoints: FailpointName[];
  /** Seconds an anonymous public answer is shared (plugins/public-answer-cache.ts); 0: never. */
  publicAnswerCacheSeconds: number;
  /** Seconds a Media RSS feed's preview URLs stay valid. */
  mrssPreviewUrlSeconds: number;
  payments: {
    provider: Env['PAYMENT_PROVIDER'];
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripeApiBase?: string;
  };
  payouts: {
    provider: Env['PAYOUT_PROVIDER'];
    paypalClientId?: string;
    paypalClientSecret?: string;
    paypalMode: Env['PAYPAL_MODE'];
    paypalApiBase?: string;
  };
  sms: {
    provider: Env['SMS_PROVIDER'];
    twilioAccountSid?: string;
    twilioAuthToken?: string;
    twilioFrom?: string;
  };
  social: SocialConfig;
  /** The platform's YouTube channel that approved videos are published to; null: publishing is off. */
  youtube: YouTubeConfig | null;
  /** The map of the video pages: the geocoder the address search asks, the tiles the map shows. */
  maps: { geocoderUrl: string; tileUrl: string };
}

export interface YouTubeConfig {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** https://www.googleapis.com, or a stand-in's address. */
  apiBase: string;
  /** https://oauth2.googleapis.com, or a stand-in's address. */
  oauthBase: string;
}

interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** The hosts its profile pictures may be imported from (https only). */
  pictureHosts: string[];
}
/** The social logins that are configured; an absent one has no button and no endpoint. */
export interface SocialConfig {
  google?: OAuthClient;
  facebook?: OAuthClient;
  oidc?: OAuthClient & { issuerUrl: string; name: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The picture hosts of a configured social provider by its id ('google', 'facebook', 'oidc'); none otherwise. */
export function pictureHostsOf(social: SocialConfig, provider: string): readonly string[] {
  if (provider === 'google' || provider === 'facebook' || provider === 'oidc')
    return social[provider]?.pictureHosts ?? [];
  return [];
}

/** The variables that are set, parsed: a ConfigError names every problem, with the value it got. */
function parseEnvironment(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.') || 'environment';
        const value = cleaned[key];
        return `${key}: ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`;
      }),
    );
  }
  return parsed.data;
}

/** The platform's channel when all three credentials are given; null when publishing is off. */
function youtubeConfigOf(env: Env): YouTubeConfig | null {
  return env.YOUTUBE_CLIENT_ID && env.YOUTUBE_CLIENT_SECRET && env.YOUTUBE_REFRESH_TOKEN
    ? {
        clientId: env.YOUTUBE_CLIENT_ID,
        clientSecret: env.YOUTUBE_CLIENT_SECRET,
        refreshToken: env.YOUTUBE_REFRESH_TOKEN,
        apiBase: env.YOUTUBE_API_BASE.replace(/\/+$/, ''),
        oauthBase: env.YOUTUBE_OAUTH_BASE.replace(/\/+$/, ''),
      }
    : null;
}

/** The social logins whose credentials are given (the schema has refused half a pair). */
function socialConfigOf(env: Env): SocialConfig {
  return {
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          pictureHosts: env.GOOGLE_PICTURE_HOSTS,
        }
      : undefined,
    facebook: env.FACEBOOK_CLIENT_ID
      ? {
          clientId: env.FACEBOOK_CLIENT_ID,
          clientSecret: env.FACEBOOK_CLIENT_SECRET!,
          pictureHosts: env.FACEBOOK_PICTURE_HOSTS,
        }
      : undefined,
    oidc: env.OIDC_ISSUER_URL
      ? {
          issuerUrl: env.OIDC_ISSUER_URL.replace(/\/+$/, ''),
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          name: env.OIDC_PROVIDER_NAME,
          pictureHosts:
            env.OIDC_PICTURE_HOSTS.length > 0
              ? env.OIDC_PICTURE_HOSTS
              : [new URL(env.OIDC_ISSUER_URL).hostname.toLowerCase()],
        }
      : undefined,
  };
}

/**
 * A newcomer opens the address the console printed, or the one they always type: in development any
 * loopback name on our port is the same site. Production trusts only what it is told.
 */
function trustedOriginsOf(env: Env, publicUrl: string): string[] {
  const local =
    env.NODE_ENV === 'production'
      ? []
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`);
  return [...new Set([new URL(publicUrl).origin, ...env.TRUSTED_ORIGINS, ...local])];
}

/** Environment variables -> typed, validated configuration. Throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnvironment(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    trustedOrigins: trustedOriginsOf(env, publicUrl),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'embedded', dataDir: path.join(dataDir, 'db') },
    seedDemoData: env.SEED_DEMO_DATA,
    authSecret: env.AUTH_SECRET,
    metricsToken: env.METRICS_TOKEN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    contact: { email: env.CONTACT_EMAIL, messengerUrl: env.MESSENGER_URL },
    tv: {
      hostnames: env.TV_HOSTNAMES,
      advertisingUrl: env.TV_ADVERTISING_URL,
      channelUrl: env.TV_CHANNEL_URL,
    },
    storage: {
      driver: env.STORAGE_DRIVER,
      localDir: path.join(dataDir, 'files'),
      proxyLocation: env.FILES_PROXY_LOCATION,
      s3: {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      },
    },
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    previewConcurrency: env.PREVIEW_CONCURRENCY,
    failpoints: env.FAILPOINTS,
    publicAnswerCacheSeconds: env.PUBLIC_ANSWER_CACHE_SECONDS,
    mrssPreviewUrlSeconds: env.MRSS_PREVIEW_URL_SECONDS,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE,
    },
    payouts: {
      provider: env.PAYOUT_PROVIDER,
      paypalClientId: env.PAYPAL_CLIENT_ID,
      paypalClientSecret: env.PAYPAL_CLIENT_SECRET,
      paypalMode: env.PAYPAL_MODE,
      paypalApiBase: env.PAYPAL_API_BASE,
    },
    youtube: youtubeConfigOf(env),
    social: socialConfigOf(env),
    sms: {
      provider: env.SMS_PROVIDER,
      twilioAccountSid: env.TWILIO_ACCOUNT_SID,
      twilioAuthToken: env.TWILIO_AUTH_TOKEN,
      twilioFrom: env.TWILIO_FROM,
    },
    maps: { geocoderUrl: env.GEOCODER_URL.replace(/\/+$/, ''), tileUrl: env.MAP_TILE_URL },
  };
}

/** Every variable the server reads, for documentation checks. */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

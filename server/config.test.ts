import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig, pictureHostsOf } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('embedded');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.storage.driver).toBe('local');
    expect(config.tv.hostnames).toEqual([]);
  });

  it('switches to PostgreSQL with DATABASE_URL and reads lists', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      TV_HOSTNAMES: 'TV.example.com, tv2.example.com',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app', poolSize: 10 });
    expect(config.tv.hostnames).toEqual(['tv.example.com', 'tv2.example.com']);
  });

  it('lists every invalid value with its variable name', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT: expected a port number (got "eighty")');
      expect(message).toContain('DATABASE_URL: expected a postgres:// connection URL');
      expect(message).toContain('SEED_DEMO_DATA');
    }
  });

  it('trusts no proxy by default, a number of hops, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1); // one reverse proxy, never "anyone"
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['everyone', '10.0.0.0/33', '11', '10.0.0.1/8/1', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(
        /TRUST_PROXY: expected false, a number/,
      );
    }
  });

  it('keeps the metrics off unless METRICS_TOKEN is set, and takes only a long token without spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = '3f9c1e0b7a5d4c2e8f6a1b0c9d8e7f6a';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    for (const unsafe of [`${token} x`, `${token}\n`, `${token}é`]) {
      expect(() => loadConfig({ METRICS_TOKEN: unsafe })).toThrow(/METRICS_TOKEN: must be printable ASCII/);
    }
  });

  it('requires the settings a chosen driver needs', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER=s3/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it("takes nginx's internal location of the files only for local storage, as a path in slashes", () => {
    expect(loadConfig({ FILES_PROXY_LOCATION: '/internal-files/' }).storage.proxyLocation).toBe(
      '/internal-files/',
    );
    expect(loadConfig({}).storage.proxyLocation).toBeUndefined();
    expect(() => loadConfig({ FILES_PROXY_LOCATION: 'internal-files' })).toThrow(
      /FILES_PROXY_LOCATION: expected a path/,
    );
    expect(() =>
      loadConfig({ FILES_PROXY_LOCATION: '/internal-files/', STORAGE_DRIVER: 's3', S3_BUCKET: 'b' }),
    ).toThrow(/FILES_PROXY_LOCATION: is for local storage only/);
  });

  it('refuses, in production, a missing or plain-http PUBLIC_URL and the embedded database unless allowed', () => {
    const sandbox = { AUTH_SECRET: 'x'.repeat(32), ALLOW_SANDBOX_PAYMENTS: 'true' };
    const site = { ...sandbox, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/clips' };
    expect(() => loadConfig(site)).toThrow(/PUBLIC_URL: is required when NODE_ENV=production/);
    expect(() => loadConfig({ ...site, PUBLIC_URL: 'http://clips.example.org' })).toThrow(
      /PUBLIC_URL: must be https:\/\/ in production/,
    );
    const https = { ...site, PUBLIC_URL: 'https://clips.example.org' };
    expect(loadConfig(https).database.kind).toBe('postgres');
    const embedded = { ...https, DATABASE_URL: undefined };
    expect(() => loadConfig(embedded)).toThrow(
      /DATABASE_URL: is required in production.*ALLOW_EMBEDDED_DATABASE/,
    );
    expect(loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true' }).database.kind).toBe('embedded');
    // Outside production, plain http and the embedded database are the defaults.
    expect(loadConfig({ ...sandbox, PUBLIC_URL: 'http://clips.example.org' }).database.kind).toBe('embedded');
  });

  it('arms crash-test failpoints by name, never an unknown one, never in production', () => {
    expect(loadConfig({}).failpoints).toEqual([]);
    expect(loadConfig({ FAILPOINTS: 'upload-claimed' }).failpoints).toEqual(['upload-claimed']);
    expect(() => loadConfig({ FAILPOINTS: 'somewhere' })).toThrow(
      /FAILPOINTS.0: expected some of upload-claimed/,
    );
    const site = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://clips.example.org',
      DATABASE_URL: 'postgres://db/clips',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    };
    expect(loadConfig(site).failpoints).toEqual([]);
    expect(() => loadConfig({ ...site, FAILPOINTS: 'upload-claimed' })).toThrow(
      /FAILPOINTS: kills the process/,
    );
  });

  it('trusts loopback on the listening port outside production, and only what it is told in production', () => {
    expect(loadConfig({ PORT: '4100' }).trustedOrigins.sort()).toEqual([
      'http://127.0.0.1:4100',
      'http://[::1]:4100',
      'http://localhost:4100',
    ]);
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      ALLOW_SANDBOX_PAYMENTS: 'true',
      DATABASE_URL: 'postgres://db/clips',
      PUBLIC_URL: 'https://clips.example.org/',
    };
    expect(loadConfig(production).trustedOrigins).toEqual(['https://clips.example.org']);
    expect(
      loadConfig({
        ...production,
        TRUSTED_ORIGINS: 'https://www.clips.example.org, https://Clips.example.net',
      }).trustedOrigins,
    ).toEqual(['https://clips.example.org', 'https://www.clips.example.org', 'https://clips.example.net']);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'https://www.clips.example.org/path' })).toThrow(
      /TRUSTED_ORIGINS/,
    );
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'www.clips.example.org' })).toThrow(/TRUSTED_ORIGINS/);
  });

  it('refuses the payment sandbox in production unless a staging site allows it', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://clips.example.org',
      DATABASE_URL: 'postgres://db/clips',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER: is the sandbox/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).payments.provider).toBe('sandbox');
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(loadConfig({ ...production, ...stripe }).payments.provider).toBe('stripe');
    expect(loadConfig({}).payments.provider).toBe('sandbox');
  });
});

describe('social picture hosts', () => {
  const oidc = {
    OIDC_ISSUER_URL: 'https://Login.Example.com/realm',
    OIDC_CLIENT_ID: 'c',
    OIDC_CLIENT_SECRET: 's',
  };
  const google = { GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's' };

  it("default to the providers' own picture hosts, and the issuer's host for OpenID Connect", () => {
    const config = loadConfig({ ...oidc, ...google });
    expect(pictureHostsOf(config.social, 'google')).toEqual([
      'lh3.googleusercontent.com',
      '*.googleusercontent.com',
    ]);
    expect(pictureHostsOf(config.social, 'oidc')).toEqual(['login.example.com']);
    expect(pictureHostsOf(config.social, 'facebook')).toEqual([]); // not configured
    expect(pictureHostsOf(config.social, 'credential')).toEqual([]);
  });

  it('can be configured, and refuse a bare wildcard', () => {
    const config = loadConfig({ ...oidc, OIDC_PICTURE_HOSTS: 'img.example.com, *.cdn.example.com' });
    expect(pictureHostsOf(config.social, 'oidc')).toEqual(['img.example.com', '*.cdn.example.com']);
    expect(() => loadConfig({ ...oidc, OIDC_PICTURE_HOSTS: '*' })).toThrow(/OIDC_PICTURE_HOSTS/);
  });
});

describe('publishing to YouTube', () => {
  const youtube = { YOUTUBE_CLIENT_ID: 'c', YOUTUBE_CLIENT_SECRET: 's', YOUTUBE_REFRESH_TOKEN: 'r' };
  it('is off by default and on with all three credentials, against the real API unless told', () => {
    expect(loadConfig({}).youtube).toBeNull();
    expect(loadConfig(youtube).youtube).toEqual({
      clientId: 'c',
      clientSecret: 's',
      refreshToken: 'r',
      apiBase: 'https://www.googleapis.com',
      oauthBase: 'https://oauth2.googleapis.com',
    });
    expect(loadConfig({ ...youtube, YOUTUBE_API_BASE: 'http://127.0.0.1:9/' }).youtube?.apiBase).toBe(
      'http://127.0.0.1:9',
    );
  });
  it('refuses half of the credentials, naming the missing ones', () => {
    expect(() => loadConfig({ YOUTUBE_CLIENT_ID: 'c' })).toThrow(
      /YOUTUBE_CLIENT_SECRET.*\n.*YOUTUBE_REFRESH_TOKEN/s,
    );
    expect(() => loadConfig({ ...youtube, YOUTUBE_API_BASE: 'ftp://x' })).toThrow(/YOUTUBE_API_BASE/);
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads', () => {
    const example = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    expect(ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('has the OpenStreetMap services as map defaults and refuses a tile URL without {z}/{x}/{y}', () => {
    expect(loadConfig({}).maps).toEqual({
      geocoderUrl: 'https://nominatim.openstreetmap.org',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://geo.example.org' })).toThrow(/GEOCODER_URL/);
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config';

/**
 * AUTH_SECRET signs sessions. Production must set it (config refuses to start otherwise); a local
 * install makes one on first start and keeps it in the data directory, so sessions survive restarts.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';

/** `configured`, or one generated on first use and kept under DATA_DIR as `file` (mode 0600) so it survives restarts. */
export function persistentSecret(config: AppConfig, configured: string | undefined, file: string): string {
  if (configured) return configured;
  const path = join(config.dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

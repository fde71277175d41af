import type { AppConfig } from '../config/app-config.js';
import { persistentSecret } from '../config/persistent-secret.js';

/** JWT_SECRET, or one generated on first start and kept under DATA_DIR so sessions survive restarts. */
export function jwtSecret(config: AppConfig): string {
  return persistentSecret(config, config.jwtSecret, 'jwt-secret');
}

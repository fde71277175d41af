import { createHmac, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { persistentSecret } from '../../platform/config/persistent-secret.js';

/**
 * An endpoint's signing secret is `whsec_` + base64 of HMAC-SHA256(server key, salt): the events
 * carry only the salt, so the secret can sign after any replay yet appears in no event, table or log.
 * Changing WEBHOOK_SECRETS_KEY changes every endpoint's secret (merchants then rotate theirs).
 */
@Injectable()
export class EndpointSecrets {
  private key: string | undefined;

  constructor(private readonly config: AppConfig) {}

  /** A fresh salt and the secret it gives, for creation and rotation. */
  issue(): { secretSalt: string; secret: string; secretLast4: string } {
    const secretSalt = randomBytes(24).toString('base64url');
    const secret = this.secretFor(secretSalt);
    return { secretSalt, secret, secretLast4: secret.slice(-4) };
  }

  secretFor(salt: string): string {
    // Read on first use: an app that never signs keeps no key file.
    this.key ??= persistentSecret(this.config, this.config.webhooks.secretsKey, 'webhook-secrets-key');
    return `whsec_${createHmac('sha256', this.key).update(`webhook-endpoint-secret:${salt}`).digest('base64')}`;
  }
}

export const maskedSecret = (last4: string) => `whsec_${'•'.repeat(8)}${last4}`;

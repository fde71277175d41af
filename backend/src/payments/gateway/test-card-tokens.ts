import { Injectable } from '@nestjs/common';
import type { Environment } from '@tallyline/contracts';
import { z } from 'zod';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { gatewayTarget } from './gateway-target.js';

const tokenSchema = z.object({ token: z.string() });

/**
 * A card token for one of the sandbox's test cards, got server-side from the sandbox's own
 * tokenization (what the payer's browser calls on the hosted page). Only where the environment's
 * gateway is the sandbox: a real gateway tokenizes real cards only.
 */
@Injectable()
export class TestCardTokens {
  constructor(private readonly config: AppConfig) {}

  async tokenFor(environment: Environment, cardNumber: string): Promise<string> {
    const target = gatewayTarget(this.config, environment);
    if (target?.baseUrl !== `${this.config.publicUrl}/api/sandbox-gateway`) {
      throw new DomainError('validation', 'Test payment methods work only where the sandbox gateway takes the payments (test mode)');
    }
    const year = new Date().getUTCFullYear() + 2;
    const response = await fetch(`${target.baseUrl}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumber, expMonth: 12, expYear: year, cvc: '123' }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new DomainError('unavailable', `The sandbox gateway refused to tokenize a test card (${response.status})`);
    return tokenSchema.parse(await response.json()).token;
  }
}

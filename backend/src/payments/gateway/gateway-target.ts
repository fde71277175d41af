import type { Environment } from '@tallyline/contracts';
import type { AppConfig } from '../../platform/config/app-config.js';
import { SANDBOX_PRIVATE_KEY } from '../../sandbox-gateway/index.js';

export interface GatewayTarget {
  /** Base URL of the web service: CreateSessionKey, PayWithToken, CheckTransaction, AdjustTransaction are POSTed under it. */
  baseUrl: string;
  privateKey: string;
}

/**
 * Where an environment's card payments go. Staging always uses the embedded sandbox, production
 * too when GATEWAY_MODE=sandbox; otherwise production needs GATEWAY_URL and GATEWAY_PRIVATE_KEY,
 * and without them there is none (undefined: payment creation answers 503).
 */
export function gatewayTarget(config: AppConfig, environment: Environment): GatewayTarget | undefined {
  const sandbox = { baseUrl: `${config.publicUrl}/api/sandbox-gateway`, privateKey: SANDBOX_PRIVATE_KEY };
  if (environment === 'staging' || config.gateway.mode === 'sandbox') return sandbox;
  const { url, privateKey } = config.gateway;
  return url && privateKey ? { baseUrl: url.replace(/\/+$/, ''), privateKey } : undefined;
}

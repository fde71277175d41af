import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../platform/config/app-config.js';
import { deadline } from '../platform/deadline.js';
import type { StoredTransaction } from './sandbox-gateway.store.js';

/** Waits before each delivery attempt: the first goes once the call is answered (a timer's turn), three retries follow. */
const ATTEMPT_DELAYS_MS = [0, 250, 1000, 4000];
const ATTEMPT_TIMEOUT_MS = 5000;

/** The documented IPN fields. */
export interface Ipn {
  TransactionId: string;
  Result_Code: number;
  Result_Message: string;
  Transaction_Amount: number;
  Transaction_Currency: string;
  Card_LastFourDigits: string | null;
  Card_ApplicationProfile: string | null;
  References_Merchant: string;
  Result_TimeStamp: string;
}

export const ipnOf = (transaction: StoredTransaction): Ipn => ({
  TransactionId: transaction.id,
  Result_Code: transaction.resultCode,
  Result_Message: transaction.resultMessage,
  Transaction_Amount: transaction.amountMinor,
  Transaction_Currency: transaction.currency,
  Card_LastFourDigits: transaction.cardLast4,
  Card_ApplicationProfile: transaction.cardBrand,
  References_Merchant: transaction.reference,
  Result_TimeStamp: transaction.updatedAt.toISOString(),
});

/**
 * Tells the merchant's IPN URL about an outcome, as the gateway does: after the call has been
 * answered, in the background, retried a few times, and never failing anything but its own log line.
 */
@Injectable()
export class IpnSender implements OnApplicationShutdown {
  private readonly logger = new Logger('SandboxGateway');
  private readonly stopping = new AbortController();

  constructor(private readonly config: AppConfig) {}

  /** Starts the delivery and returns at once. */
  notify(transaction: StoredTransaction): void {
    if (!transaction.ipnUrl || this.stopping.signal.aborted) return;
    void this.deliver(transaction.ipnUrl, ipnOf(transaction));
  }

  /**
   * After `delayMs`, something happens to a transaction (`change`: the changed transaction, or null
   * when nothing changed) and its IPN is sent. Dropped if the app stops first.
   */
  notifyLater(delayMs: number, change: () => Promise<StoredTransaction | null>): void {
    void this.changeLater(delayMs, change);
  }

  private async changeLater(delayMs: number, change: () => Promise<StoredTransaction | null>): Promise<void> {
    if (!(await this.pause(delayMs))) return;
    try {
      const changed = await change();
      if (changed) this.notify(changed);
    } catch (error) {
      this.logger.error(`A delayed change of a transaction failed: ${(error as Error).message}`);
    }
  }

  private async deliver(ipnUrl: string, ipn: Ipn): Promise<void> {
    // Only the origin and path are logged: a query string may carry the merchant's own secret.
    const url = new URL(ipnUrl);
    const target = `${url.origin}${url.pathname}`;
    if (!this.config.gateway.sandboxIpnOrigins.includes(url.origin)) {
      this.logger.warn(`IPN for transaction ${ipn.TransactionId} not sent: ${url.origin} is neither this app nor in SANDBOX_IPN_ORIGINS`);
      return;
    }
    for (const [attempt, delay] of ATTEMPT_DELAYS_MS.entries()) {
      if (!(await this.pause(delay))) return;
      const { signal, clear } = deadline(ATTEMPT_TIMEOUT_MS, this.stopping.signal);
      try {
        const response = await fetch(ipnUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ipn), redirect: 'manual', signal });
        await response.body?.cancel();
        if (response.ok) return;
        this.logger.warn(`IPN for transaction ${ipn.TransactionId} to ${target}: HTTP ${response.status} (attempt ${attempt + 1} of ${ATTEMPT_DELAYS_MS.length})`);
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn(`IPN for transaction ${ipn.TransactionId} to ${target} failed: ${(error as Error).message} (attempt ${attempt + 1} of ${ATTEMPT_DELAYS_MS.length})`);
      } finally {
        clear();
      }
    }
    this.logger.error(`IPN for transaction ${ipn.TransactionId} to ${target} given up after ${ATTEMPT_DELAYS_MS.length} attempts`);
  }

  /** False when the app is stopping: pending deliveries are dropped, not left holding the process. */
  private pause(ms: number): Promise<boolean> {
    if (this.stopping.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const stop = () => (clearTimeout(timer), resolve(false));
      const timer = setTimeout(() => (this.stopping.signal.removeEventListener('abort', stop), resolve(true)), ms);
      this.stopping.signal.addEventListener('abort', stop, { once: true });
    });
  }

  onApplicationShutdown(): void {
    this.stopping.abort();
  }
}

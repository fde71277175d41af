import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../src/platform/event-store/event-store.port.js';
import { ReadModelsBehind } from '../../src/platform/projections/processor-errors.js';
import type { Projection, Reactor } from '../../src/platform/projections/processor.js';

/**
 * The processors processor-faults.spec.ts runs under faults: projections and reactors over `Deposited`
 * events of `{ amount }`, each with the switch a test flips (poison amounts, a killed connection, a
 * gate, a slow pace, a bulk path).
 */

/** Deposits per account; `applied_events` has the event id as key, so applying one twice fails loudly. */
export class Balances implements Projection {
  readonly kind = 'projection' as const;
  readonly tables = ['balances', 'applied_events'];
  readonly handles = ['Deposited'];
  handled = 0;
  /** Amounts this projection's code cannot handle (a poison event), until cleared. */
  poison = new Set<number>();
  /** How many more times the batch's own connection is killed under it (a real lost connection). */
  killConnection = 0;

  constructor(readonly name = 'balances') {}

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    const { amount } = event.data as { amount: number };
    if (this.killConnection > 0) {
      this.killConnection--;
      await manager.query('SELECT pg_terminate_backend(pg_backend_pid())');
    }
    if (this.poison.has(amount)) throw new Error(`cannot handle amount ${amount}`);
    this.handled++;
    await manager.query('INSERT INTO applied_events (event_id, projection) VALUES ($1, $2)', [event.eventId, this.name]);
  }
}

/** Notes the transaction that applied each event (txid_current), and fails on poison amounts. */
export class TransactionNotes implements Projection {
  readonly kind = 'projection' as const;
  readonly tables = ['transaction_notes'];
  readonly handles = ['Deposited'];
  poison = new Set<number>();

  constructor(readonly name: string) {}

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    if (this.poison.has((event.data as { amount: number }).amount)) throw new Error('cannot note it');
    await manager.query('INSERT INTO transaction_notes (event_id, projection, txid) VALUES ($1, $2, txid_current())', [event.eventId, this.name]);
  }
}

/** Counts withdrawals: handles another event type than Balances. */
export class Withdrawals implements Projection {
  readonly kind = 'projection' as const;
  readonly name = 'withdrawals';
  readonly tables = [];
  readonly handles = ['Withdrawn'];
  async handle(): Promise<void> {}
}

/** Sends a "receipt" per deposit into an outbox keyed by event id (idempotent), failing on poison. */
export class Receipts implements Reactor {
  readonly kind = 'reactor' as const;
  readonly name = 'receipts';
  poison = new Set<number>();

  async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    const { amount } = event.data as { amount: number };
    if (this.poison.has(amount)) throw new Error(`receipt service rejected ${amount}`);
    await manager.query('INSERT INTO receipts (event_id, amount) VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.eventId, amount]);
  }
}

/** Receipts that need another read model, which stays behind for the first `behindFor` tries of amount 2. */
export class WaitingReceipts extends Receipts {
  behindFor = 6;
  tries = 0;

  override async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    if ((event.data as { amount: number }).amount === 2 && this.tries++ < this.behindFor) throw new ReadModelsBehind(event.globalPosition, ['accounts']);
    await super.handle(event, manager);
  }
}

/** Receipts that wait until let go, before their batch's transaction (prepare) or inside it (handle), as a reactor waits for read models. */
export class GatedReceipts extends Receipts {
  waiting = false;
  private letGoNow: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => (this.letGoNow = resolve));

  constructor(private readonly waitsIn: 'prepare' | 'handle') {
    super();
  }

  letGo(): void {
    this.letGoNow();
  }

  async prepare(): Promise<void> {
    if (this.waitsIn === 'prepare') await this.wait();
  }

  override async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    if (this.waitsIn === 'handle') await this.wait();
    await super.handle(event, manager);
  }

  private async wait(): Promise<void> {
    this.waiting = true;
    await this.gate;
  }
}

/**
 * Receipts that take a while each, as a reactor calling out or a slow query does; counts them. 40 ms
 * per event until the test lets it go fast: a batch far longer than any wait in the test, so what the
 * test sees in the middle of it does not depend on how busy the machine is.
 */
export class SlowReceipts extends Receipts {
  handled = 0;
  slow = true;

  override async handle(event: StoredEvent, manager: EntityManager): Promise<void> {
    if (this.slow) await new Promise((resolve) => setTimeout(resolve, 40));
    await super.handle(event, manager);
    this.handled++;
  }
}

/** Receipts a batch at a time (one INSERT), as a busy reactor writes them; a poison amount fails the whole statement. */
export class BulkReceipts extends Receipts {
  /** Events written by the bulk path. */
  inBulk = 0;

  async handleBatch(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const amounts = events.map((event) => (event.data as { amount: number }).amount);
    await manager.query(
      `INSERT INTO receipts (event_id, amount)
       SELECT event_id, CASE WHEN amount = ANY($3::int[]) THEN amount / 0 ELSE amount END FROM unnest($1::uuid[], $2::int[]) AS r(event_id, amount)
       ON CONFLICT DO NOTHING`,
      [events.map((event) => event.eventId), amounts, [...this.poison]],
    );
    this.inBulk += events.length;
  }
}

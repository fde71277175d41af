import { Readable, pipeline } from 'node:stream';
import type { Transaction } from '@tallyline/contracts';
import { stringify, type Stringifier } from 'csv-stringify';

const COLUMNS: (keyof Transaction)[] = [
  'id',
  'createdAt',
  'status',
  'amount',
  'refundedAmount',
  'currency',
  'paymentMethod',
  'description',
  'customerName',
  'customerEmail',
  'gatewayTransactionId',
];

/**
 * A cell a spreadsheet would run as a formula (CSV injection, OWASP): text a customer typed may
 * start with = + - @ or a tab/carriage return. A leading apostrophe makes it plain text.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV with a header row, streamed batch by batch as the database answers. */
export function transactionsCsv(batches: AsyncIterable<Transaction[]>): Stringifier {
  const csv = stringify({ header: true, columns: COLUMNS, cast: { string: neutralizeFormula } });
  async function* records() {
    for await (const batch of batches) yield* batch;
  }
  // A failure half-way (the database went away) aborts the download instead of ending it cleanly.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

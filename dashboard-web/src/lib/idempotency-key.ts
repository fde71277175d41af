/**
 * A fresh Idempotency-Key: 128 random bits in hex. From getRandomValues, not randomUUID, which browsers
 * offer only on secure origins (a dashboard opened over plain http by its LAN address would have none).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a reference read out over the phone or copied by hand stays unambiguous. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 6;

/** A short human reference like APP-7K3Q9D (31^6 ≈ 887 million values). */
export function newReference(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return `APP-${code}`;
}

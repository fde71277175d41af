import { describe, expect, it } from '@jest/globals';
import { estimateCrypto } from './estimate';

describe('estimateCrypto', () => {
  it('divides the amount by the rate to 8 decimals, rounding up like the server', () => {
    expect(estimateCrypto('100', 50000)).toBe('0.00200000');
    expect(estimateCrypto('100', 30000)).toBe('0.00333334');
    expect(estimateCrypto('0.01', 1.07)).toBe('0.00934580');
    expect(estimateCrypto('1000.50', 2345.67)).toBe('0.42653059');
  });

  it('is 0 while there is no amount or no rate', () => {
    expect(estimateCrypto('', 50000)).toBe('0.00000000');
    expect(estimateCrypto('abc', 50000)).toBe('0.00000000');
    expect(estimateCrypto('100', 0)).toBe('0.00000000');
    expect(estimateCrypto('100', Number.NaN)).toBe('0.00000000');
  });
});

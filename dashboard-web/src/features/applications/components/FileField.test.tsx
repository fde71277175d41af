import { describe, expect, it } from '@jest/globals';
import { fileSize } from './FileField';

describe('fileSize', () => {
  it('shows a small document in bytes, not as 0 KB, and larger ones in KB and MB', () => {
    expect([45, 1023, 1024, 200 * 1024, 3.4 * 1024 * 1024].map(fileSize)).toEqual(['45 B', '1023 B', '1 KB', '200 KB', '3.4 MB']);
  });
});

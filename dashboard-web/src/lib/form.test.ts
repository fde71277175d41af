import { describe, expect, it, jest } from '@jest/globals';
import { z } from 'zod';
import { lazyZodResolver } from './form';

const schema = z.object({ email: z.string().min(1, 'Email is required') });
const options = { fields: {}, names: ['email' as const], shouldUseNativeValidation: false };

describe('lazyZodResolver', () => {
  it('sends the form as it is when its validation cannot be downloaded, and downloads it again at the next submit', async () => {
    const load = jest.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(schema);
    const resolver = lazyZodResolver<{ email: string }>(load);
    // Offline: no client-side check, so the page goes on to its request and shows why that failed.
    expect(await resolver({ email: '' }, undefined, options)).toEqual({ values: { email: '' }, errors: {} });
    // Back online: the schema is downloaded and checks as usual.
    const checked = await resolver({ email: '' }, undefined, options);
    expect(checked.errors).toMatchObject({ email: { message: 'Email is required' } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

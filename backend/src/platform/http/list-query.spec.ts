import { z } from 'zod';
import { MAX_PAGE_SIZE, parseListQuery } from './list-query.js';

const options = { sortColumns: { createdAt: 'created_at' }, defaultSort: { field: 'createdAt', order: 'DESC' as const }, filter: z.object({}).strict() };

describe('staff list queries', () => {
  it('given no range, serve the first page of the largest size, not the whole table', () => {
    expect(parseListQuery({}, options).range).toEqual({ start: 0, end: MAX_PAGE_SIZE - 1 });
    expect(parseListQuery({ range: '[25,49]' }, options).range).toEqual({ start: 25, end: 49 });
  });

  it.each(['limit', 'page', 'embed'])('refuse the parameter %s, which they would otherwise ignore', (name) => {
    expect(() => parseListQuery({ [name]: '10' }, options)).toThrow(
      `Unknown query parameter "${name}": lists take sort, range and filter, each as JSON, like range=[0,24] for the first 25`,
    );
  });
});

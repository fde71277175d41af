import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_ONLY_ROUTES, PRERENDERED_ROUTES } from './page-routes';

// The server answers 404 for a path in neither list: a page missing from both would load with a 404 status.
it("lists every page route of routes.tsx once, prerendered or client-only, and nothing else", () => {
  const source = readFileSync(join(process.cwd(), 'src/routes.tsx'), 'utf8');
  const routes = [...source.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]);
  expect(routes.length).toBeGreaterThan(20);
  expect([...Object.keys(PRERENDERED_ROUTES), ...CLIENT_ONLY_ROUTES].sort()).toEqual([...routes].sort());
});

import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a component that uses react-query: react-query and the query client's provider load with
 * it, not with every public page (most never query). Every such provider holds the one client of
 * lib/query-client.ts, so the header, the menus and the pages share one cache.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    return {
      default: (props: P) => (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      ),
    };
  });
}

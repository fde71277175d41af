import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Which chunks each page needs, for the prerendered pages' modulepreload links (scripts/prerender.mjs).
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // MUI and react-router mark modules 'use client' for React Server Components; meaningless in this
        // SPA (as in admin-web's config), and one warning per module would bury real ones.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs (React, the router, emotion and MUI's styling core) in
              // one file instead of a dozen: each file is compressed on its own, so fewer, larger files are
              // smaller in all, and nothing here is ever left unused by a page. react-query is not in it:
              // only the pages that query load it (src/lib/lazy-with-queries.tsx).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion|stylis|@babel[\\/]runtime|@mui[\\/](system|utils|styled-engine|private-theming)|react-transition-group|clsx|prop-types|react-is)[\\/]/,
            },
          ],
        },
      },
    },
  },
  // Port 5173 is in the API's development CORS allow-list (NODE_ENV=development); /api is proxied anyway.
  server: { port: 5173, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});

import { defineConfig } from 'vite';

export default defineConfig({
  base: "/admin/",
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn(warning, warn) {
        // MUI marks every module 'use client' for React Server Components; meaningless in this SPA and
        // one warning per module would bury real ones.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});

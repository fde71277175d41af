import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  // Port 5173 is in the API's development CORS allow-list (NODE_ENV=development); /api is proxied anyway.
  server: { port: 5173, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});

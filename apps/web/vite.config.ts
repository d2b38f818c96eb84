import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The repository root hoists React 18 (a peer of @react-spring, used by antd-mobile); this app
// runs React 19 from its own node_modules. `dedupe` makes every import of react/react-dom,
// including antd-mobile's and react-router's, resolve to the copy next to this config.
// The API the dev/preview server forwards /v1 to (the real server; port 8080 unless told).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = {
  '/v1': { target: apiTarget, changeOrigin: true, ws: true },
  '/static': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5173,
    proxy,
  },
  preview: { port: 4173, proxy },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// `API_URL` lets several dev servers run side by side, each against its own API.
const server = process.env.API_URL ?? 'http://localhost:8080';

/**
 * Libraries every screen needs, in two long-lived chunks of their own: they change less often
 * than the app, so browsers keep them cached across releases. Everything else is split by route
 * (see src/app/routes/lazy.ts).
 */
const vendorGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](zod|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|zustand|use-sync-external-store|sonner)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/translations': { target: server, changeOrigin: false },
      '/emoji': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
});

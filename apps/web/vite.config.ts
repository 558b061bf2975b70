import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/translations': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
});

import { defineConfig } from 'vite';

// In production the game server serves dist/ and the client talks to its own origin. For `vite` development, point
// the client at a running server with VITE_SERVER_URL (default: http://localhost:2567 when on the Vite port).
export default defineConfig({
  base: './',
  build: { outDir: 'dist', target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1200 },
});

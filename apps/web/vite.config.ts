import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStylesByComponent } from './build/mantine-styles.ts';
import { precompress } from './build/precompress.ts';

// The API runs on its own port in development; the built app is served by the API itself.
const apiTarget = process.env.LEVY_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), mantineStylesByComponent(), precompress()],
  // Served module by module in development too, so each component brings its styles (see the plugin).
  optimizeDeps: { exclude: ['@mantine/core'] },
  server: {
    proxy: { '/service': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
});

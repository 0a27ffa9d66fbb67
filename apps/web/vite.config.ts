import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStylesByComponent } from './build/mantine-styles.ts';
import { scrollAreaWithoutFloatingUi } from './build/merge-refs.ts';
import { precompress } from './build/precompress.ts';

// The API runs on its own port in development; the built app is served by the API itself.
const apiTarget = process.env.LEVY_API_URL ?? 'http://localhost:3000';

/** Mantine components (folders of @mantine/core/esm/components) that nearly every screen draws. */
const ON_EVERY_SCREEN = new Set([
  'Alert',
  'ActionIcon',
  'Anchor',
  'Badge',
  'Button',
  'Card',
  'Center',
  'CloseButton',
  'Container',
  'Divider',
  'Grid',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'SimpleGrid',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
]);

/**
 * Mantine's core, those components and React Query go in one chunk, cached from page to page,
 * instead of dozens of small shared chunks that each compress on their own (decision 0011).
 */
function isOnEveryScreen(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  if (path.includes('/node_modules/@tanstack/')) return true;
  const mantine = /\/node_modules\/@mantine\/core\/esm\/(?:core|components\/([^/]+))\//.exec(path);
  return mantine !== null && (mantine[1] === undefined || ON_EVERY_SCREEN.has(mantine[1]));
}

/**
 * React Router publishes a production build beside its development one but exports only the
 * development one (it keeps its warnings in code a minifier cannot drop): the app's build takes the
 * production one, 0.6 KB gzipped lighter on every page; development and tests keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [react(), mantineStylesByComponent(), scrollAreaWithoutFloatingUi(), precompress()],
  // Served module by module in development too, so each component brings its styles (see the plugin).
  optimizeDeps: { exclude: ['@mantine/core'] },
  server: {
    proxy: { '/service': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Imported constants inlined where they are used: a page carries only the permission strings
      // it checks (packages/contracts/src/permission-catalogue.ts), not the whole catalogue.
      optimization: { inlineConst: true },
      output: {
        codeSplitting: { groups: [{ name: 'mantine', test: isOnEveryScreen }] },
        // Files named by their hash alone: the entry lists every route's files to preload them, and
        // each chunk names the chunks it imports, so readable names cost every page 1.5–3.5 KB gzipped.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
  },
}));

// Mantine's global styles; each component's own come with its code (build/mantine-styles.ts), and
// the theme's CSS variables are written by MantineProvider (providers.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installPreloadErrorReload } from './lib/lazy-page';

installPreloadErrorReload();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

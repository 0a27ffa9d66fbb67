import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../components/theme';

// Most visits show no toast: the container and its transitions load with the first one (decision 0011).
const Toasts = lazy(() => import('./toasts'));

/** The toasts' container, from the first toast on; toasts shown meanwhile wait in Mantine's store. */
function ToastsOnceShown() {
  const { notifications } = useNotifications();
  const [isShown, setShown] = useState(false);
  if (notifications.length > 0 && !isShown) setShown(true);
  return isShown ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  // Every theme variable comes from the provider, none from a stylesheet: Mantine's sheet of
  // default variables (4 KB compressed) would only repeat them (decision 0011).
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      deduplicateCssVariables={false}
    >
      <ToastsOnceShown />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

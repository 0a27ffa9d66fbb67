import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../app/theme';

function ThemeWrapper({ children }: { children: ReactNode }) {
  return <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>{children}</MantineProvider>;
}

/** Renders inside the app's Mantine theme (rerenders keep it). */
export function renderWithTheme(element: ReactElement): RenderResult {
  return render(element, { wrapper: ThemeWrapper });
}

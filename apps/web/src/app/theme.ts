import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Levy green: trust and money without the look of a bank's red or blue.
const levy: MantineColorsTuple = ['#e8f8f1', '#d3eee2', '#a6dcc4', '#76c9a4', '#4fb98a', '#37ae79', '#28a870', '#18935e', '#0b7a53', '#006a47'];

export const theme = createTheme({
  primaryColor: 'levy',
  primaryShade: 8,
  colors: { levy },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

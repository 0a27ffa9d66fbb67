import { createTheme, darken, keys, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Levy green: trust and money without the look of a bank's red or blue.
const levy: MantineColorsTuple = [
  '#e8f8f1',
  '#d3eee2',
  '#a6dcc4',
  '#76c9a4',
  '#4fb98a',
  '#37ae79',
  '#28a870',
  '#18935e',
  '#0b7a53',
  '#006a47',
];

export const theme = createTheme({
  primaryColor: 'levy',
  primaryShade: 8,
  // Mantine's orange 8 and 9 under white or on white are 3.6:1 and 4.3:1; these pass AA's 4.5:1.
  colors: {
    levy,
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#fd7e14',
      '#f76707',
      '#c2410c',
      '#9a3412',
    ],
  },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    // A link inside a sentence must not rely on colour alone (WCAG 2.1 SC 1.4.1): links are underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // A table wider than the screen scrolls; its scroller takes focus so the keyboard can scroll it too.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Close buttons are icons: they need a name (axe button-name).
    // A toast's text under its title is gray 6 in Mantine (3.3:1 on white): dimmed gray 7 instead.
    // A toast lets taps through to what is under it (toasts.tsx), except on its close button.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' }, closeButton: { pointerEvents: 'auto' } },
    },
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    // A menu holds its items only: Mantine's focus placeholder (a bare focusable div) inside role=menu
    // is an item of no allowed role (axe aria-required-children), so an open menu failed its check.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A choice whose words do not fit its half of the control (a phone's dialog) wraps them, rather
    // than pushing the control past the dialog's edge, where it was cut off.
    SegmentedControl: { styles: { control: { minWidth: 0 }, label: { whiteSpace: 'normal' } } },
  },
});

/**
 * WCAG 2.1 AA contrast (SC 1.4.3, 4.5:1 for small text) in the light scheme: dimmed text (hints,
 * descriptions) in gray 7, as gray 6 on white is 3.3:1; and the text of light variants (status
 * tags, light buttons, the active navigation link) a darker shade 9, as shade 9 on shades 1–2 of
 * green, yellow, orange and Levy green is under 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors: red 6 on white is 3.3:1, red 9 is 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      keys(resolved.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        darken(resolved.colors[color][9], 0.3),
      ]),
    ),
  },
  dark: {},
});

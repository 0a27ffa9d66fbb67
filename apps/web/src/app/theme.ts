import { createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type MantineColorsTuple, type VariantColorsResolver } from '@mantine/core';

// Levy green: trust and money without the look of a bank's red or blue.
const levy: MantineColorsTuple = ['#e8f8f1', '#d3eee2', '#a6dcc4', '#76c9a4', '#4fb98a', '#37ae79', '#28a870', '#18935e', '#0b7a53', '#006a47'];

/**
 * Light variants (status tags, light buttons, alerts) write shade 9 on shade 1, which for green,
 * yellow and orange is below WCAG 2.1 AA's 4.5:1 for small text (SC 1.4.3); a darker shade 9 passes.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return colors;
  return { ...colors, color: darken(input.theme.colors[parsed.color][9], 0.3) };
};

export const theme = createTheme({
  primaryColor: 'levy',
  primaryShade: 8,
  // Mantine's orange 8 and 9 under white or on white are 3.6:1 and 4.3:1; these pass AA's 4.5:1.
  colors: { levy, orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#c2410c', '#9a3412'] },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  variantColorResolver,
  components: {
    // A link inside a sentence must not rely on colour alone (WCAG 2.1 SC 1.4.1): links are underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // A table wider than the screen scrolls; its scroller takes focus so the keyboard can scroll it too.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Toasts' close buttons have no text: name them (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/** Dimmed text (hints, descriptions, captions) in gray 7: gray 6 on white is 3.3:1, under AA's 4.5:1 (SC 1.4.3). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

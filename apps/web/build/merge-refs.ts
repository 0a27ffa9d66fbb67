import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS = fileURLToPath(new URL('../src/lib/use-merge-refs.ts', import.meta.url));

/**
 * Mantine's ScrollArea imports one hook, `useMergeRefs`, from floating-ui, and a module is bundled
 * whole: every page with a scroll area (the app's side navigation, a modal, a table) loaded the
 * positioning library (15 KB gzipped) that only dropdowns and tooltips use. Its import resolves to
 * floating-ui's hook copied alone (decision 0053).
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'levy-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return MERGE_REFS;
      return null;
    },
  };
}

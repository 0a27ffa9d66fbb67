import type { Plugin } from 'vite';

/** A module of Mantine's core holding one component's class names, e.g. `…/@mantine/core/esm/components/Button/Button.module.mjs`. */
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([^\\/]+)\.module\.mjs(?:\?.*)?$/;

/**
 * Mantine's core styles by component instead of its whole stylesheet (decision 0011): the module
 * holding a component's class names imports that component's stylesheet
 * (`@mantine/core/styles/Button.css`, one per component, as Mantine publishes them), so a page
 * loads the styles of the components its code uses, with that code. A component's own imports
 * (UnstyledButton for Button) come first, so their styles precede its own as in the whole sheet.
 * The global styles are imported once, in main.tsx.
 */
export function mantineStylesByComponent(): Plugin {
  return {
    name: 'levy-mantine-styles-by-component',
    transform(code, id) {
      const component = CLASS_NAMES_MODULE.exec(id)?.[1];
      if (!component) return null;
      return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
    },
  };
}

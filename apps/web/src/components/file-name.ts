/** File names are shown at most 40 characters long (docs/product.md §9). */
export const FILE_NAME_MAX = 40;

/** Shortens a long name in the middle so its extension stays visible: `a-very-long…name.pdf`. */
export function truncateFileName(name: string, max = FILE_NAME_MAX): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 8 ? name.slice(dot) : '';
  const keep = max - extension.length - 1;
  return `${name.slice(0, keep)}…${extension}`;
}

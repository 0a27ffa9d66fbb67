// C0 control characters and DEL, except tab, line feed and carriage return (text areas and CSV
// cells use those). PostgreSQL refuses NUL in text, and none of them belongs in a name or an id.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above, every occurrence
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Search text is cleaned rather than refused: a pasted reference with a stray control character still finds it. */
const CLEANED_KEYS = new Set(['search']);

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

export function cleanSearchText(params: Record<string, unknown>): Record<string, unknown> {
  const cleaned = { ...params };
  for (const key of CLEANED_KEYS) {
    const value = cleaned[key];
    if (typeof value === 'string') cleaned[key] = withoutControlCharacters(value);
  }
  return cleaned;
}

/** The dotted path of the first string (or key) holding a control character, or null. */
export function fieldWithControlCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path.join('.') || 'input' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithControlCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return [...path, key.replace(CONTROL_CHARACTERS, '?')].join('.');
      const found = fieldWithControlCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function controlCharacterMessage(field: string): string {
  const name = field.split('.').pop()!.replace(/_/g, ' ');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} contains a control character (such as a NUL byte), which is not allowed.`;
}

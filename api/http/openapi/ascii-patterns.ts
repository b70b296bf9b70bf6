// Patterns written in ASCII: a regex's non-ASCII characters as \u escapes (– as \u2013), which match the same.
// Prism, the most used validating proxy, puts a pattern in a header and crashes on anything else (issue 41).

/** Each UTF-16 unit above U+007F as \uXXXX. */
export const escapeNonAscii = (pattern: string): string =>
  pattern.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A JSON.parse reviver that writes every `pattern` keyword in ASCII. */
export const asciiPatterns = (key: string, value: unknown): unknown =>
  key === 'pattern' && typeof value === 'string' ? escapeNonAscii(value) : value;

// A request body's defaults said in words, not as `default`: openapi-typescript (with its default flags) makes a
// property with a `default` required, so a lab's client could not leave out what the server fills in (issue 41).

type Schema = Record<string, unknown>;

/** Each property's `default` moved into its description ("Default: false."), in place, at every depth. */
export function defaultsInWords(schema: unknown): void {
  if (Array.isArray(schema)) for (const item of schema) defaultsInWords(item);
  if (!schema || typeof schema !== 'object') return;
  const properties = (schema as Schema).properties;
  if (properties && typeof properties === 'object')
    for (const property of Object.values(properties as Record<string, Schema>)) {
      if (!('default' in property)) continue;
      const said = `Default: ${JSON.stringify(property.default)}.`;
      const before = String(property.description ?? '').replace(/\.$/, '');
      property.description = before ? `${before}. ${said}` : said;
      delete property.default;
    }
  for (const value of Object.values(schema)) defaultsInWords(value);
}

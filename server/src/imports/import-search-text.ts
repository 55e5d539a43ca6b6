/**
 * An imported feature's search text (`features.search_text`: its values' text, one per line in
 * the order jsonb keeps its keys, lowercased), worked out while the file is read so the
 * database does not, for the imported properties (typedProperties: strings, finite numbers,
 * booleans). Null where this could differ from what the database would make of the same
 * properties: a key or a text that is not plain ASCII (lower() of the rest follows the
 * database's locale), or a number JavaScript writes with an exponent (numeric writes it out in
 * full). The database then works it out itself (hidden-layer.ts).
 */
export function importedSearchText(properties: Readonly<Record<string, unknown>>): string | null {
  // jsonb keeps keys shorter first, then in byte order: for ASCII keys, code unit order.
  const keys = Object.keys(properties).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  const lines: string[] = [];
  for (const key of keys) {
    if (!ASCII.test(key)) return null;
    const value = properties[key];
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'boolean') text = String(value);
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else return null;
    if (!ASCII.test(text) || (typeof value === 'number' && /e/i.test(text))) return null;
    lines.push(text);
  }
  return lines.join('\n').toLowerCase();
}

/** Nothing past U+007F (a NUL never reaches here: jsonb refuses it). */
const ASCII = /^[^\u0080-\uffff]*$/;

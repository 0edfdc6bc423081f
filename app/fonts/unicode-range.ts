/**
 * One reading of a CSS `unicode-range` value, for the build (scripts/web-fonts.ts), the server
 * (page-font-faces.server.ts) and the browser (later-text.ts).
 */

/** Each part of a value ("U+4e00,U+4e0a-4e0b") as [first, last], or null where a part is not a range. */
export function unicodeRangeParts(value: string): ([number, number] | null)[] {
  return value.split(",").map((part) => {
    const [, from, to = from] = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part) ?? [];
    return from && to ? [parseInt(from, 16), parseInt(to, 16)] : null;
  });
}

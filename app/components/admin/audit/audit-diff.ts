/**
 * The before → after comparison of an audit entry: one row per field, the fields that differ
 * marked. Records are JSON (jsonb): objects compare field by field, anything else as one value.
 */
export interface DiffRow {
  /** The field name; "" when the record is a single value. */
  key: string;
  /** undefined: the field is absent on that side (the record was created or removed). */
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((isRecord(before) || !hasBefore) && (isRecord(after) || !hasAfter)) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.map((key) => ({ key, before: b[key], after: a[key], changed: !same(b[key], a[key]) }));
  }
  return [{ key: "", before: hasBefore ? before : undefined, after: hasAfter ? after : undefined, changed: !same(before, after) }];
}

/** A value as text: strings as they are, everything else as JSON (on one line when short, else indented); undefined is "". */
export function valueText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  const compact = JSON.stringify(value) ?? String(value);
  return compact.length <= LONG_VALUE ? compact : (JSON.stringify(value, null, 2) ?? compact);
}

/** Text too long to show inline (it goes in a collapsed <details>). */
export const LONG_VALUE = 80;
export function isLongText(text: string): boolean {
  return text.length > LONG_VALUE || text.includes("\n");
}

/** The first line of a long text, cut short, for the collapsed summary. */
export function preview(text: string, length = 60): string {
  const first = text.split("\n", 1)[0]!.trim();
  return first.length > length || text.includes("\n") ? `${first.slice(0, length)}…` : first;
}

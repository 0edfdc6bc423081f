/**
 * Whole numbers in a page's address (/blog/12, ?page=2), by the same rule as the API's
 * (whole-numbers.ts): digits only, within PostgreSQL's integer. Without zod, so route checks in
 * the browser's bundle stay small.
 */

/** PostgreSQL's integer: ids and counts are stored in it, so a larger value can name nothing. */
export const INT32_MAX = 2_147_483_647;

/** Digits only, at most 10 of them (enough for INT32_MAX; longer text is refused before Number()). */
export const DIGITS = /^[0-9]{1,10}$/;

/** Canonical digits: no sign, no space, no leading zero (so one page has one address). */
const CANONICAL = /^[1-9][0-9]{0,9}$/;

/** An id in a page's address (/blog/12): canonical digits from 1 to INT32_MAX, else null (a 404, never a failed query). */
export function idFromPath(text: string | null | undefined): number | null {
  if (!text || !CANONICAL.test(text)) return null;
  const id = Number(text);
  return id <= INT32_MAX ? id : null;
}

/** A page's `?page=`: 1 when absent, canonical digits from 1 to `max`, else null. */
export function pageFromQuery(text: string | null, max = 10_000): number | null {
  if (text === null) return 1;
  if (!CANONICAL.test(text)) return null;
  const page = Number(text);
  return page <= max ? page : null;
}

/** A whole number from a query value for a form's state (?members=2): `fallback` unless it is digits within min..max. */
export function wholeNumberFromQuery(text: string | null, min: number, max: number, fallback: number): number {
  if (text === null || !DIGITS.test(text)) return fallback;
  const value = Number(text);
  return value >= min && value <= max ? value : fallback;
}

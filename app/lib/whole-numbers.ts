/**
 * Whole numbers (ids, counts, pages) as a request can carry them, shared by every endpoint and by
 * the browser's own checks. A query string or a form field is text: it must be digits only. A JSON
 * body's value must be a JSON integer. Nothing else is a number here: not a boolean (true is not
 * id 1), null, an array, "", " 1", "1e3", "0x10" or 1.5, all of which z.coerce.number() would
 * quietly turn into one.
 */
import { z } from "zod";

// Zod may compile schemas with new Function(); the site's Content-Security-Policy forbids eval in the browser.
if (typeof window !== "undefined") z.config({ jitless: true });

/** PostgreSQL's integer: ids and counts are stored in it, so a larger value can name nothing. */
export const INT32_MAX = 2_147_483_647;

/** Digits only, at most 10 of them (enough for INT32_MAX; longer text is refused before Number()). */
const DIGITS = /^[0-9]{1,10}$/;

/** A whole number from min to max: a JSON integer, or digits-only text (query strings and form fields). */
export function wholeNumber(min: number, max: number) {
  return z
    .union([z.number().int(), z.string().regex(DIGITS).transform(Number)])
    .pipe(z.number().int().min(min).max(max));
}

/** A row id: 1 to INT32_MAX. */
export const IdParam = wholeNumber(1, INT32_MAX);

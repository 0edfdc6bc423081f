/**
 * Whole numbers (ids, counts, pages) as a request can carry them, shared by every endpoint and by
 * the browser's own checks. A query string or a form field is text: it must be digits only. A JSON
 * body's value must be a JSON integer. Nothing else is a number here: not a boolean (true is not
 * id 1), null, an array, "", " 1", "1e3", "0x10" or 1.5, all of which z.coerce.number() would
 * quietly turn into one.
 */
import { z } from "zod";
import { DIGITS, INT32_MAX } from "./address-numbers";

// Zod may compile schemas with new Function(); the site's Content-Security-Policy forbids eval in the browser.
if (typeof window !== "undefined") z.config({ jitless: true });

export { INT32_MAX };

/** A whole number from min to max: a JSON integer, or digits-only text (query strings and form fields). */
export function wholeNumber(min: number, max: number) {
  return z.union([z.number().int(), z.string().regex(DIGITS).transform(Number)]).pipe(z.number().int().min(min).max(max));
}

/** A row id: 1 to INT32_MAX. */
export const IdParam = wholeNumber(1, INT32_MAX);

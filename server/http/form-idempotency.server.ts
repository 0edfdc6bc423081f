/**
 * A form's idempotency key without scripts (docs/decisions/0034): the page renders a fresh random
 * nonce into the form, and the action binds it to what was sent. A double press, a reload that
 * posts again or a retry after a lost answer sends the same nonce and the same fields, so the same
 * key, and the endpoint answers the first outcome; a different submission from the same page (the
 * visitor came back and changed a field) is a different key, so it is never mistaken for the first.
 *
 * Bound to the contents, the key stays right even if the page were ever cached and its nonce shared
 * by several visitors: two of them would only share a key by sending the very same fields, which is
 * the same request. The form page is not cached today (the pre-sales page is no-store).
 */
import { createHash, randomBytes } from "node:crypto";
import { FORM_NONCE_FIELD } from "~/lib/form-outcome";

export { FORM_NONCE_FIELD };

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh nonce for one rendering of a form. */
export function newFormNonce(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * The key for a posted form: its nonce and every other text field (in a fixed order), hashed.
 * Undefined when the form carries no well-formed nonce: the submission is then not deduplicated,
 * as an API call without a key is not. `ignore` names fields that do not make a submission
 * different (the form's intent, a CSRF token).
 */
export function formIdempotencyKey(form: FormData, ignore: readonly string[] = []): string | undefined {
  const nonce = form.get(FORM_NONCE_FIELD);
  if (typeof nonce !== "string" || !NONCE.test(nonce)) return undefined;
  const fields: Array<[string, string]> = [];
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === FORM_NONCE_FIELD || ignore.includes(name)) continue;
    fields.push([name, value]);
  }
  fields.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return createHash("sha256").update(nonce).update("\0").update(JSON.stringify(fields)).digest("base64url");
}

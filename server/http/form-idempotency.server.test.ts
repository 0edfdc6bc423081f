import { describe, expect, it } from "vitest";
import { FORM_NONCE_FIELD, formIdempotencyKey, newFormNonce } from "./form-idempotency.server";

function form(fields: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("formIdempotencyKey", () => {
  const nonce = newFormNonce();
  const sent: Array<[string, string]> = [
    [FORM_NONCE_FIELD, nonce],
    ["company", "Acme"],
    ["slot_id", "7"],
    ["content", "line one\r\nline two"],
  ];

  it("is the same for the same nonce and fields, in any order, and fits the API's key rule", () => {
    const key = formIdempotencyKey(form(sent));
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(formIdempotencyKey(form([...sent].reverse()))).toBe(key);
  });

  it("differs when a field, the nonce or a repeated value differs", () => {
    const key = formIdempotencyKey(form(sent));
    expect(formIdempotencyKey(form(sent.map(([n, v]) => [n, n === "company" ? "Acme Ltd" : v])))).not.toBe(key);
    expect(formIdempotencyKey(form(sent.map(([n, v]) => [n, n === FORM_NONCE_FIELD ? newFormNonce() : v])))).not.toBe(key);
    expect(formIdempotencyKey(form([...sent, ["company", "Other"]]))).not.toBe(key);
  });

  it("leaves out the fields named, and is undefined without a well-formed nonce", () => {
    expect(formIdempotencyKey(form([...sent, ["intent", "book"]]), ["intent"])).toBe(formIdempotencyKey(form(sent)));
    expect(formIdempotencyKey(form(sent.filter(([n]) => n !== FORM_NONCE_FIELD)))).toBeUndefined();
    expect(
      formIdempotencyKey(
        form([
          [FORM_NONCE_FIELD, "short"],
          ["company", "Acme"],
        ]),
      ),
    ).toBeUndefined();
    expect(
      formIdempotencyKey(
        form([
          [FORM_NONCE_FIELD, "x".repeat(20) + "!"],
          ["company", "Acme"],
        ]),
      ),
    ).toBeUndefined();
  });
});

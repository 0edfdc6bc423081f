import { describe, expect, it } from "vitest";
import { auditDiff, isLongText, preview, valueText } from "./audit-diff";

describe("auditDiff", () => {
  it("compares records field by field and marks what changed", () => {
    expect(auditDiff({ role: "editor", disabled: false }, { role: "admin", disabled: false })).toEqual([
      { key: "role", before: "editor", after: "admin", changed: true },
      { key: "disabled", before: false, after: false, changed: false },
    ]);
  });

  it("shows a created record's fields as new and a removed record's as gone", () => {
    expect(auditDiff(null, { email: "a@example.com" })).toEqual([{ key: "email", before: undefined, after: "a@example.com", changed: true }]);
    expect(auditDiff({ id: 3 }, undefined)).toEqual([{ key: "id", before: 3, after: undefined, changed: true }]);
  });

  it("keeps fields only one side has, in order", () => {
    expect(auditDiff({ a: 1 }, { a: 1, b: 2 }).map((r) => [r.key, r.changed])).toEqual([
      ["a", false],
      ["b", true],
    ]);
  });

  it("compares nested values by content and non-records as one value", () => {
    expect(auditDiff({ tags: ["x", "y"] }, { tags: ["x", "y"] })[0]!.changed).toBe(false);
    expect(auditDiff("draft", "published")).toEqual([{ key: "", before: "draft", after: "published", changed: true }]);
    expect(auditDiff([1], { a: 1 })).toHaveLength(1);
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe("value text", () => {
  it("shows strings as they are and other values as JSON", () => {
    expect(valueText("hello")).toBe("hello");
    expect(valueText(false)).toBe("false");
    expect(valueText(undefined)).toBe("");
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(["privacy", "fingerprint"])).toBe('["privacy","fingerprint"]');
    expect(valueText({ body: "x".repeat(100) })).toBe(`{\n  "body": "${"x".repeat(100)}"\n}`);
  });

  it("collapses long or multi-line text behind a short preview", () => {
    expect(isLongText("short")).toBe(false);
    expect(isLongText("x".repeat(81))).toBe(true);
    expect(isLongText("two\nlines")).toBe(true);
    expect(preview("first line\nsecond")).toBe("first line…");
    expect(preview("y".repeat(100))).toBe(`${"y".repeat(60)}…`);
  });
});

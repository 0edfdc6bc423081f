import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

describe("the logger", () => {
  it("never writes a failed query's values (message, stack or field), only its text", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    const err = new DrizzleQueryError("INSERT INTO x VALUES ($1, $2)", ["visitor@example.com", "line one\nline two"], new Error("value out of range"));
    createLogger("info", sink).error({ err }, "unhandled API error");
    const written = lines.join("");
    expect(written).toContain("INSERT INTO x VALUES ($1, $2)");
    expect(written).toContain("value out of range");
    expect(written).not.toContain("visitor@example.com");
    expect(written).not.toContain("line two");
    expect(JSON.parse(written).err.stack).toMatch(/\n {4}at /);
  });
});

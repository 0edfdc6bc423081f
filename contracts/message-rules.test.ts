import { describe, expect, it } from "vitest";
import { MESSAGE_LIMITS, messageFieldProblem } from "./message-rules";

describe("messageFieldProblem", () => {
  it("calls a missing, empty or blank value required", () => {
    expect(messageFieldProblem("name", undefined)).toBe("required");
    expect(messageFieldProblem("contact", "")).toBe("required");
    expect(messageFieldProblem("message", " \n\t ")).toBe("required");
  });

  it("counts the trimmed text against the field's own limit", () => {
    expect(messageFieldProblem("name", "x".repeat(MESSAGE_LIMITS.name))).toBeNull();
    expect(messageFieldProblem("name", ` ${"x".repeat(MESSAGE_LIMITS.name)} `)).toBeNull();
    expect(messageFieldProblem("name", "x".repeat(MESSAGE_LIMITS.name + 1))).toBe("tooLong");
    expect(messageFieldProblem("message", "x".repeat(MESSAGE_LIMITS.name + 1))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { readCookie } from "./preferences";

describe("readCookie", () => {
  it("finds a cookie by exact name", () => {
    expect(readCookie("a=1; _lang=zh; cookie_consent=accepted", "_lang")).toBe("zh");
    expect(readCookie("x_lang=ru; _lang=th", "_lang")).toBe("th");
    expect(readCookie("a=1", "_lang")).toBeUndefined();
    expect(readCookie(null, "_lang")).toBeUndefined();
    expect(readCookie("_lang=%E0%A4%A", "_lang")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { accountHref, rememberArrivalCodes } from "./account-links";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe("accountHref", () => {
  it("carries the site language and the codes the visitor arrived with", () => {
    expect(accountHref("https://app.example/register", "th", { ref: "ABC123", invite: "" })).toBe("https://app.example/register?lang=th&ref=ABC123");
  });

  it("keeps the configured address's own query and replaces its language", () => {
    expect(accountHref("https://app.example/login?from=www&lang=en", "zh")).toBe("https://app.example/login?from=www&lang=zh");
  });

  it("leaves out a code that is not a plain token", () => {
    expect(accountHref("https://app.example/register", "en", { ref: "<script>", invite: "a b" })).toBe("https://app.example/register?lang=en");
  });
});

describe("rememberArrivalCodes", () => {
  it("keeps the arrival's codes for later pages of the visit", () => {
    const storage = memoryStorage();
    expect(rememberArrivalCodes("?ref=FRIEND-1&utm_source=x", storage)).toEqual({ invite: "", ref: "FRIEND-1" });
    expect(rememberArrivalCodes("", storage)).toEqual({ invite: "", ref: "FRIEND-1" });
    expect(rememberArrivalCodes("?invite=team_7", storage)).toEqual({ invite: "team_7", ref: "FRIEND-1" });
  });

  it("ignores a code that is too long or not a token", () => {
    const storage = memoryStorage();
    expect(rememberArrivalCodes(`?ref=${"x".repeat(65)}&invite=%3Cb%3E`, storage)).toEqual({ invite: "", ref: "" });
  });
});

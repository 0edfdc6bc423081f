import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { checks, prefixLanguage } from "./route-checks";

const context = { defaultLang: "en" } as AppLoadContext;
const args = (url: string, params: Record<string, string> = {}) => ({ request: new Request(`http://x.test${url}`), params, context });

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("route checks", () => {
  it("language: supported prefixes pass, unsupported ones are 404, the default language is unprefixed", async () => {
    expect(prefixLanguage(args("/ru/faq", { lang: "ru" }))).toBe("ru");
    expect(prefixLanguage(args("/faq"))).toBe("en");
    const unsupported = (await thrown(() => prefixLanguage(args("/xx/faq", { lang: "xx" })))) as { init: { status: number } };
    expect(unsupported.init.status).toBe(404);
    const redundant = (await thrown(() => prefixLanguage(args("/en/faq", { lang: "en" })))) as Response;
    expect(redundant.status).toBe(301);
    expect(redundant.headers.get("Location")).toBe("/faq");
  });
  it("html, help and pre-sales checks", async () => {
    const html = (await thrown(() => checks.html(args("/zh/faq.html?a=1")))) as Response;
    expect(html.headers.get("Location")).toBe("/zh/faq?a=1");
    expect(() => checks.help(args("/helps/12", { id: "12" }))).not.toThrow();
    const help = (await thrown(() => checks.help(args("/helps/abc", { id: "abc" })))) as { init: { status: number } };
    expect(help.init.status).toBe(404);
    expect(() => checks.preSalesDate(args("/pre-sales?date=2026-12-01"))).not.toThrow();
    const badDate = (await thrown(() => checks.preSalesDate(args("/pre-sales?date=2026-02-30&x=1")))) as Response;
    expect(badDate.headers.get("Location")).toBe("/pre-sales?x=1");
  });
});

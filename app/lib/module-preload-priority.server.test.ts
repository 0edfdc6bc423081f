import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./module-preload-priority.server";

describe("lowerModulePreloadPriority", () => {
  it("lowers the priority of the head's modulepreload links and leaves the rest of the document alone", () => {
    const doc =
      '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
      '<link rel="modulepreload" href="/r.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
      '<link rel="modulepreload" href="/late.js"/></body></html>';
    expect(lowerModulePreloadPriority(doc)).toBe(
      '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/e.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/r.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
        '<link rel="modulepreload" href="/late.js"/></body></html>',
    );
  });

  it("leaves a document without a head end whole", () => {
    expect(lowerModulePreloadPriority('<p>no head</p><link rel="modulepreload" href="/x.js"/>')).toBe('<p>no head</p><link rel="modulepreload" href="/x.js"/>');
  });
});

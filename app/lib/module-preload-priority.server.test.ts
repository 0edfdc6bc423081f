import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createModulePreloadDeprioritizer } from "./module-preload-priority.server";

async function run(chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(createModulePreloadDeprioritizer())) out.push(Buffer.from(c as Buffer));
  return Buffer.concat(out);
}

const doc = Buffer.from(
  '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
    '<link rel="modulepreload" href="/r.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
    '<link rel="modulepreload" href="/late.js"/></body></html>',
);
const expected =
  '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/e.js"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/r.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
  '<link rel="modulepreload" href="/late.js"/></body></html>';

describe("createModulePreloadDeprioritizer", () => {
  it("lowers the priority of the head's modulepreload links and leaves the rest of the document alone", async () => {
    expect((await run([doc])).toString()).toBe(expected);
  });

  it("gives the same bytes wherever the chunks are cut, inside a tag, </head> or a UTF-8 character", async () => {
    for (let i = 1; i < doc.length; i++) {
      expect((await run([doc.subarray(0, i), doc.subarray(i)])).toString(), `cut at ${i}`).toBe(expected);
    }
    const bytes = [...doc].map((b) => Buffer.from([b]));
    expect((await run(bytes)).toString()).toBe(expected);
  });

  it("passes a document without a head end through whole", async () => {
    const fragment = Buffer.from('<p>no head</p><link rel="module');
    expect((await run([fragment.subarray(0, 20), fragment.subarray(20)])).toString()).toBe('<p>no head</p><link rel="module');
  });
});

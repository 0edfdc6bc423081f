import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createSnippetInjector } from "./snippet-injector.server";

async function run(chunks: string[], snippets: { head: string; body: string }) {
  const out: string[] = [];
  const stream = Readable.from(chunks).pipe(createSnippetInjector(snippets));
  for await (const c of stream) out.push(String(c));
  return out.join("");
}

const doc = "<html><head><title>x</title></head><body><p>hi</p></body></html>";

describe("createSnippetInjector", () => {
  it("puts the snippets before </head> and </body>", async () => {
    expect(await run([doc], { head: "<meta a>", body: "<script>s</script>" })).toBe(
      "<html><head><title>x</title><meta a></head><body><p>hi</p><script>s</script></body></html>",
    );
  });
  it("finds markers split across chunks, at every split point", async () => {
    const expected = await run([doc], { head: "[H]", body: "[B]" });
    for (let i = 1; i < doc.length; i++) {
      expect(await run([doc.slice(0, i), doc.slice(i)], { head: "[H]", body: "[B]" })).toBe(expected);
    }
  });
  it("passes the document through untouched without snippets", async () => {
    expect(await run([doc.slice(0, 10), doc.slice(10)], { head: "", body: "" })).toBe(doc);
  });
});

import { describe, expect, it } from "vitest";
import { injectSnippets, withNonce } from "./snippet-injector.server";

const doc = "<html><head><title>x</title></head><body><p>hi</p></body></html>";

describe("injectSnippets", () => {
  it("puts the snippets before </head> and </body>", () => {
    expect(injectSnippets(doc, { head: "<meta a>", body: "<script>s</script>" })).toBe(
      "<html><head><title>x</title><meta a></head><body><p>hi</p><script>s</script></body></html>",
    );
  });
  it("uses the document's own </body>, not one written in the page's text", () => {
    const withText = "<html><head></head><body><pre>&lt;/body&gt; </body> quoted</pre></body></html>";
    expect(injectSnippets(withText, { head: "", body: "[B]" })).toBe("<html><head></head><body><pre>&lt;/body&gt; </body> quoted</pre>[B]</body></html>");
  });
  it("leaves the document untouched without snippets", () => {
    expect(injectSnippets(doc, { head: "", body: "" })).toBe(doc);
  });
});

describe("withNonce", () => {
  it("gives scripts without a nonce the response's", () => {
    expect(withNonce('<script src="/a.js"></script><script nonce="x">1</script>', "n")).toBe('<script nonce="n" src="/a.js"></script><script nonce="x">1</script>');
  });
});

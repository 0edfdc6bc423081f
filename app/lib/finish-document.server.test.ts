import { describe, expect, it } from "vitest";
import { finishDocument, withNonce } from "./finish-document.server";

const finish = (html: string, snippets = { head: "", body: "" }) => Buffer.from(finishDocument(Buffer.from(html), snippets)).toString("utf8");

describe("finishDocument", () => {
  it("lowers the priority of the head's modulepreload links and leaves the rest of the document alone", () => {
    const doc =
      '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
      '<link rel="modulepreload" href="/r.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
      '<link rel="modulepreload" href="/late.js"/></body></html>';
    expect(finish(doc)).toBe(
      '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/e.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/r.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
        '<link rel="modulepreload" href="/late.js"/></body></html>',
    );
  });

  it("puts the snippets before </head> and the document's own </body>, in UTF-8", () => {
    expect(finish("<html><head><title>x</title></head><body><pre>&lt;/body&gt; </body> quoted</pre></body></html>", { head: "<meta a>", body: "<script>s('ไทย')</script>" })).toBe(
      "<html><head><title>x</title><meta a></head><body><pre>&lt;/body&gt; </body> quoted</pre><script>s('ไทย')</script></body></html>",
    );
  });

  it("gives exactly the document's bytes when it is short (a pooled buffer)", () => {
    expect(finish("<head></head><body>é</body>", { head: "h", body: "b" })).toBe("<head>h</head><body>éb</body>");
  });

  it("leaves a document without a head end whole", () => {
    expect(finish('<p>no head</p><link rel="modulepreload" href="/x.js"/>', { head: "[H]", body: "[B]" })).toBe('<p>no head</p><link rel="modulepreload" href="/x.js"/>');
  });
});

describe("withNonce", () => {
  it("gives scripts without a nonce the response's", () => {
    expect(withNonce('<script src="/a.js"></script><script nonce="x">1</script>', "n")).toBe('<script nonce="n" src="/a.js"></script><script nonce="x">1</script>');
  });
});

import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders Markdown with heading ids and a table of contents", () => {
    const out = renderMarkdown("Intro.\n\n## First part\n\nText.\n\n### A detail\n\n- one\n- two\n\n## 第二部分\n");
    expect(out.html).toContain('<h2 id="first-part">First part</h2>');
    expect(out.html).toContain("<li>one</li>");
    expect(out.toc).toEqual([
      { id: "first-part", text: "First part", depth: 2 },
      { id: "a-detail", text: "A detail", depth: 3 },
      { id: "第二部分", text: "第二部分", depth: 2 },
    ]);
    expect(out.text).toContain("Intro. First part Text.");
  });
  it("drops raw HTML, scripts and dangerous links", () => {
    const out = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1)) and [y](https://example.com)');
    expect(out.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(out.html).toContain('href="https://example.com"');
    expect(out.html).toContain('rel="nofollow noopener noreferrer"');
  });
});

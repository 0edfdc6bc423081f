import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHtml, PageHtmlContext, sendOnce, type PageHtmlStore } from "./page-html";

describe("sendOnce", () => {
  it("keeps the markup in the data of a data request (no store)", () => {
    expect(sendOnce(null, "<p>Body</p>")).toBe("<p>Body</p>");
  });

  it("puts a mark in the data of a document request and the markup in its store", () => {
    const store: PageHtmlStore = new Map();
    const first = sendOnce(store, "<p>One</p>");
    const second = sendOnce(store, "<p>Two</p>");
    expect(first).not.toContain("One");
    expect(second).not.toBe(first);
    expect([...store.values()]).toEqual(["<p>One</p>", "<p>Two</p>"]);
  });

  it("sends empty markup as it is", () => {
    const store: PageHtmlStore = new Map();
    expect(sendOnce(store, "")).toBe("");
    expect(store.size).toBe(0);
  });
});

describe("PageHtml on the server", () => {
  it("writes the markup a mark stands for, marked for the browser to take back", () => {
    const store: PageHtmlStore = new Map();
    const mark = sendOnce(store, "<p>Answer <b>one</b></p>");
    const html = renderToString(
      <PageHtmlContext.Provider value={store}>
        <PageHtml className="article-body" html={mark} />
      </PageHtmlContext.Provider>,
    );
    expect(html).toBe('<div class="article-body" data-page-html="0"><p>Answer <b>one</b></p></div>');
  });

  it("writes markup from a data request as it is, unmarked", () => {
    const html = renderToString(<PageHtml html="<p>Plain</p>" />);
    expect(html).toBe("<div><p>Plain</p></div>");
  });
});

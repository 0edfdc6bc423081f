import { describe, expect, it } from "vitest";
import { AFTER_FIRST_PAINT, PAINT_WAIT_MS, finishDocument, withNonce } from "./finish-document.server";

const finish = (html: string, snippets = { head: "", body: "" }) => Buffer.from(finishDocument(Buffer.from(html), snippets)).toString("utf8");

describe("finishDocument", () => {
  const reactRouterModule =
    ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/home-B.js";\n  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/entry.client-C.js");';
  const page = (module: string) =>
    '<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/>' +
    '<link rel="modulepreload" href="/assets/shell-D.js" nonce="n"/></head><body><p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>' +
    `<script nonce="n" type="module" async="">${module}</script><script nonce="n">window.x=1</script></body></html>`;

  it("moves the page's JavaScript after its first paint: no preloads in the head, the module waits, then preloads and imports", () => {
    const out = finish(page(reactRouterModule));
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).toBe('<html><head><title>ไทย 中文</title><link rel="stylesheet" href="/a.css"/>');
    expect(out).toContain('<p>हिन्दी</p><code>&lt;link rel="modulepreload"</code>');
    const module = /type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    expect(module.split("\n")).toEqual([
      AFTER_FIRST_PAINT,
      'for (const href of ["/assets/entry.client-C.js","/assets/shell-D.js"]) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));',
      'const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/home-B.js")]);',
      '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};',
      '  window.__reactRouterRouteModules = {"root":route0,"home":route1};',
      "",
      'import("/assets/entry.client-C.js");',
    ]);
    expect(out.endsWith('</script><script nonce="n">window.x=1</script></body></html>')).toBe(true);
  });

  describe("the wait before the scripts", () => {
    /** Runs AFTER_FIRST_PAINT against a stand-in browser; `resolved()` says whether it went on. */
    function browser(options: { readyState?: string; hidden?: boolean; paintTiming?: boolean; fcpAlready?: boolean } = {}) {
      const entries: string[] = options.fcpAlready ? ["first-contentful-paint"] : [];
      const listeners = new Map<string, () => void>();
      const timers: Array<{ ms: number; run: () => void }> = [];
      const frames: Array<() => void> = [];
      type Entries = { getEntriesByName: (name: string) => string[] };
      const observers: Array<{ callback: (list: Entries) => void; connected: boolean }> = [];
      const listOf = (): Entries => ({ getEntriesByName: (name: string) => entries.filter((e) => e === name) });
      class FakeObserver {
        static supportedEntryTypes = options.paintTiming === false ? ["resource"] : ["paint", "resource"];
        record: { callback: (list: Entries) => void; connected: boolean };
        constructor(callback: (list: Entries) => void) {
          this.record = { callback, connected: false };
          observers.push(this.record);
        }
        observe(init: { type: string; buffered?: boolean }) {
          this.record.connected = true;
          // A buffered observer is told of the entries recorded before it, in a later task.
          if (init.buffered && entries.length) setImmediate(() => this.record.connected && this.record.callback(listOf()));
        }
        disconnect() {
          this.record.connected = false;
        }
      }
      let resolved = false;
      const run = new Function(
        "document",
        "performance",
        "self",
        "PerformanceObserver",
        "requestAnimationFrame",
        "setTimeout",
        "addEventListener",
        `return (async () => { ${AFTER_FIRST_PAINT} })();`,
      ) as (...args: unknown[]) => Promise<void>;
      void run(
        { readyState: options.readyState ?? "loading", visibilityState: options.hidden ? "hidden" : "visible" },
        // A page's test clock (Playwright's) replaces performance with one that records nothing.
        { now: () => 0, getEntriesByName: () => [] },
        { PerformanceObserver: FakeObserver },
        FakeObserver,
        (frame: () => void) => frames.push(frame),
        (run: () => void, ms = 0) => timers.push({ ms, run }),
        (type: string, listener: () => void) => listeners.set(type, listener),
      ).then(() => (resolved = true));
      const settle = () => new Promise((r) => setImmediate(r));
      return {
        settle,
        resolved: async () => (await settle(), resolved),
        load: () => listeners.get("load")!(),
        paint: () => {
          entries.push("first-contentful-paint");
          for (const o of observers) if (o.connected) o.callback(listOf());
        },
        frame: () => frames.splice(0).forEach((f) => f()),
        timers,
        observers,
      };
    }

    it("waits for the first contentful paint after load, not for the next frame", async () => {
      const page = browser();
      expect(await page.resolved()).toBe(false);
      page.load();
      page.frame();
      for (const t of page.timers.filter((t) => t.ms === 0)) t.run();
      expect(await page.resolved()).toBe(false);
      page.paint();
      expect(await page.resolved()).toBe(true);
      expect(page.observers.every((o) => !o.connected)).toBe(true);
    });

    it("goes on at once when the page has painted, is hidden, or was loaded already and painted", async () => {
      const painted = browser({ fcpAlready: true });
      painted.load();
      expect(await painted.resolved()).toBe(true);
      const hidden = browser({ hidden: true });
      hidden.load();
      expect(await hidden.resolved()).toBe(true);
      expect(await browser({ readyState: "complete", fcpAlready: true }).resolved()).toBe(true);
    });

    it("goes on after PAINT_WAIT_MS when no paint is reported", async () => {
      const page = browser();
      page.load();
      const cap = page.timers.find((t) => t.ms === PAINT_WAIT_MS)!;
      expect(await page.resolved()).toBe(false);
      cap.run();
      expect(await page.resolved()).toBe(true);
    });

    it("without paint timing, goes on after load, the next frame and a task", async () => {
      const page = browser({ paintTiming: false });
      page.load();
      expect(await page.resolved()).toBe(false);
      page.frame();
      expect(await page.resolved()).toBe(false);
      page.timers.splice(0).forEach((t) => t.run());
      expect(await page.resolved()).toBe(true);
    });
  });

  it("leaves the scripts as they are when told not to defer them (the staff area)", () => {
    expect(Buffer.from(finishDocument(Buffer.from(page(reactRouterModule)), { head: "", body: "" }, { deferScripts: false })).toString("utf8")).toBe(
      page(reactRouterModule),
    );
  });

  it("leaves the document as it is when React Router's module has another shape", () => {
    for (const module of [
      'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-A.js";\nimport("/e.js");',
      ';\nimport * as route0 from "/assets/root-A.js";\nimport { x } from "/assets/other.js";\nimport("/e.js");',
      ";\nwindow.__reactRouterRouteModules = {};",
    ]) {
      expect(finish(page(module))).toBe(page(module));
    }
  });

  it("puts the snippets before </head> and the document's own </body>, in UTF-8", () => {
    expect(
      finish("<html><head><title>x</title></head><body><pre>&lt;/body&gt; </body> quoted</pre></body></html>", {
        head: "<meta a>",
        body: "<script>s('ไทย')</script>",
      }),
    ).toBe("<html><head><title>x</title><meta a></head><body><pre>&lt;/body&gt; </body> quoted</pre><script>s('ไทย')</script></body></html>");
  });

  it("gives exactly the document's bytes when it is short (a pooled buffer)", () => {
    expect(finish("<head></head><body>é</body>", { head: "h", body: "b" })).toBe("<head>h</head><body>éb</body>");
  });

  it("leaves a document without a head end whole", () => {
    expect(finish('<p>no head</p><link rel="modulepreload" href="/x.js"/>', { head: "[H]", body: "[B]" })).toBe(
      '<p>no head</p><link rel="modulepreload" href="/x.js"/>',
    );
  });
});

describe("withNonce", () => {
  it("gives scripts without a nonce the response's", () => {
    expect(withNonce('<script src="/a.js"></script><script nonce="x">1</script>', "n")).toBe(
      '<script nonce="n" src="/a.js"></script><script nonce="x">1</script>',
    );
  });
});

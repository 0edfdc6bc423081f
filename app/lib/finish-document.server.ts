/**
 * The last pass over a rendered document (app/entry.server.tsx), on its bytes: the document is
 * sent as it comes out of React, so it is never decoded to a string and encoded again, and only
 * the head and React Router's module script are read as text.
 *
 * - The page's JavaScript is fetched after its first complete paint (issue 14, docs/decisions/0026).
 *   React Router writes `modulepreload` links into the head and an inline module that imports the
 *   route modules and then the client entry; the browser fetches all of it while it is still
 *   parsing, alongside (on a slow connection ahead of) the stylesheet, the fonts and the first
 *   picture. The page is server-rendered and complete without it. So the links leave the head and
 *   the module waits for the page's `load` event and its first contentful paint (AFTER_FIRST_PAINT),
 *   then adds the same preloads and imports the same modules in parallel before the entry. React
 *   Router has no option for this,
 *   hence the rewrite; when its module is not the shape this expects the document is left as it
 *   is (tests/system/page-head.test.ts fails on that). The staff area is not deferred.
 * - Editor-set markup (base info's statistical_title / statistical_body, and the visitor-state
 *   script) goes just before `</head>` and the last `</body>`. Done here rather than in React,
 *   because the markup is arbitrary (scripts, noscript, meta) and React cannot render raw HTML in
 *   <head>; React 19 skips such foreign nodes when it hydrates. Text inside the page cannot end
 *   the body, and React Router's inline data escapes `<`.
 */
const PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
const MODULE_OPENING = Buffer.from('type="module" async="">');
const SCRIPT_END = Buffer.from("</script>");
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/;
/**
 * Runs first in the rewritten module: resolves once the page's first contentful paint is on the
 * screen, as the browser reports it (a `paint` entry, delivered after the frame is presented), so
 * the scripts never share the connection or the CPU with that paint. A frame can reach the screen
 * well after its `requestAnimationFrame`: a page held for its script's web font (visitor-state.ts)
 * is shown when the font is in, together with `load`, and its glyphs are all drawn in that one
 * frame (100-200 ms later on a loaded 2-core machine), so scripts fetched after the next frame were
 * still fetched before the paint. Where paint timing is missing: `load`, the next frame and a task.
 * The paint is read from the observer's own entries (`buffered` delivers one that came before
 * `load`), not from `performance`, which a page's test clock may replace.
 * The module is async, so it may run while the rest of the page is still being parsed; a hidden
 * page paints no frames, so it goes on at once, and a page that never reports a paint goes on
 * after PAINT_WAIT_MS.
 */
export const PAINT_WAIT_MS = 5000;
export const AFTER_FIRST_PAINT =
  'await new Promise((go) => { const paint = () => { if (document.visibilityState === "hidden") return go(); ' +
  'if (!self.PerformanceObserver || !(PerformanceObserver.supportedEntryTypes || []).includes("paint")) return requestAnimationFrame(() => setTimeout(go)); ' +
  'const seen = new PerformanceObserver((list) => { if (list.getEntriesByName("first-contentful-paint").length) { seen.disconnect(); go(); } }); ' +
  `seen.observe({ type: "paint", buffered: true }); setTimeout(go, ${PAINT_WAIT_MS}); }; ` +
  'document.readyState === "complete" ? paint() : addEventListener("load", paint, { once: true }); });';

/**
 * React Router's module with its route imports made to wait for the first paint, or null when it
 * is not the expected shape: route imports (`import * as routeN from "…";`), then statements.
 */
export function deferredModuleScript(source: string, preloads: string[]): string | null {
  const lines = source.split("\n");
  const imports: Array<{ name: string; specifier: string }> = [];
  // React Router starts the module with a lone ";" where it would import the full manifest.
  let at = lines[0]?.trim() === ";" ? 1 : 0;
  for (; at < lines.length; at++) {
    const match = ROUTE_IMPORT.exec(lines[at]!.trim());
    if (!match) break;
    imports.push({ name: match[1]!, specifier: match[2]! });
  }
  const rest = lines.slice(at).join("\n");
  // Anything else that imports statically would still load at once; a changed format is left alone.
  if (imports.length === 0 || /^\s*import[\s*{"]/m.test(rest)) return null;
  return [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${i.specifier})`).join(", ")}]);`,
    rest,
  ].join("\n");
}

export function finishDocument(
  html: Buffer,
  snippets: { head: string; body: string },
  options: { deferScripts: boolean } = { deferScripts: true },
): Uint8Array<ArrayBuffer> {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return new Uint8Array(html);
  const bodyEnd = html.lastIndexOf("</body>");
  // latin1 keeps every byte as one character, so UTF-8 text comes out as it went in.
  let head = html.subarray(0, headEnd).toString("latin1");
  let body = html.subarray(headEnd, bodyEnd > headEnd ? bodyEnd : html.length);
  const opening = options.deferScripts ? body.indexOf(MODULE_OPENING) : -1;
  const contentStart = opening === -1 ? -1 : opening + MODULE_OPENING.length;
  const contentEnd = contentStart === -1 ? -1 : body.indexOf(SCRIPT_END, contentStart);
  if (contentEnd !== -1) {
    const preloads = [...head.matchAll(PRELOAD)].map((m) => m[1]!);
    const deferred = deferredModuleScript(body.subarray(contentStart, contentEnd).toString("latin1"), preloads);
    if (deferred !== null) {
      head = head.replace(PRELOAD, "");
      body = Buffer.concat([body.subarray(0, contentStart), Buffer.from(deferred, "latin1"), body.subarray(contentEnd)]);
    }
  }
  const parts: Uint8Array[] = [Buffer.from(head, "latin1"), Buffer.from(snippets.head, "utf8"), body];
  if (bodyEnd > headEnd) parts.push(Buffer.from(snippets.body, "utf8"), html.subarray(bodyEnd));
  const out = Buffer.concat(parts);
  // The same bytes as a plain Uint8Array over an ArrayBuffer: what a web Response takes as a body.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.length);
}

/**
 * Gives every <script> in trusted editor markup the response's CSP nonce, so the snippets run
 * under a policy that refuses inline scripts. Only for markup the site's editors set.
 */
export function withNonce(markup: string, nonce: string | undefined): string {
  if (!nonce || !markup) return markup;
  return markup.replace(/<script\b(?![^>]*\snonce\s*=)/gi, `<script nonce="${nonce}"`);
}

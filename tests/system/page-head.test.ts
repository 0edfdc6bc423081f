/**
 * The page head on real pages: self-referential canonical, 13 hreflang alternates plus x-default,
 * each a valid BCP-47 tag and reciprocal, <html lang> matching, social cards and structured data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { rawGet } from "../support/raw-http";
import { startModeHostServer, type ServerProcess } from "../support/server-process";

const EN = "www.facet.test";
const ZH = "www.facet-cn.test";
let server: ServerProcess;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, stop } = await startModeHostServer("page-head", { en: `https://${EN}`, zh: `https://${ZH}` }));
}, 120_000);

afterAll(() => stop());

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
}

function head(html: string) {
  const links = [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]);
  const canonical = links.filter((l) => attr(l, "rel") === "canonical").map((l) => attr(l, "href"));
  const alternates = links
    .filter((l) => attr(l, "rel") === "alternate")
    .map((l) => ({ hreflang: attr(l, "hrefLang") ?? attr(l, "hreflang"), href: attr(l, "href")!.replace(/&amp;/g, "&") }));
  const htmlLang = /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];
  const metas = [...html.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
  const meta = (key: string) => metas.find((m) => attr(m, "property") === key || attr(m, "name") === key);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return { canonical, alternates, htmlLang, meta, jsonLd, title };
}

async function page(url: string) {
  const u = new URL(url);
  const res = await rawGet(server.port, u.pathname + u.search, { host: u.host });
  expect(res.status, url).toBe(200);
  return head(res.body);
}

const pages = [
  { lang: "en", tag: "en", url: `https://${EN}/about-us` },
  { lang: "zh", tag: "zh-Hans", url: `https://${ZH}/about-us` },
  { lang: "vn", tag: "vi", url: `https://${EN}/vn/about-us` },
  { lang: "tc", tag: "zh-Hant", url: `https://${EN}/tc/about-us` },
  { lang: "jp", tag: "ja", url: `https://${EN}/jp/about-us` },
  { lang: "jp home", tag: "ja", url: `https://${EN}/jp` },
];

describe.each(pages)("$lang page $url", ({ lang, tag, url }) => {
  it("has a self-referential canonical, <html lang> and 14 valid, reciprocal alternates", async () => {
    const h = await page(url);
    expect(h.canonical).toEqual([url]);
    expect(h.htmlLang).toBe(tag);
    expect(h.alternates).toHaveLength(14);
    const tags = h.alternates.map((a) => a.hreflang);
    expect(tags).toEqual([...LANGUAGES.map((l) => l.tag), "x-default"]);
    for (const t of tags.filter((t) => t !== "x-default")) expect(Intl.getCanonicalLocales(t!)[0]).toBe(t);
    expect(h.alternates.find((a) => a.hreflang === tag)?.href).toBe(url);
    expect(h.alternates.find((a) => a.hreflang === "zh-Hans")?.href).toMatch(new RegExp(`^https://${ZH.replace(/\./g, "\\.")}/`));
    expect(h.alternates.find((a) => a.hreflang === "x-default")?.href).toBe(h.alternates.find((a) => a.hreflang === "en")?.href);

    // Reciprocal: every alternate lists this page back, with the same set.
    for (const alt of h.alternates.filter((a) => a.hreflang !== "x-default").slice(0, 13)) {
      const other = await page(alt.href);
      expect(other.canonical).toEqual([alt.href]);
      expect(other.alternates).toEqual(h.alternates);
    }
  });

  it("has a title with the site name, and Open Graph and Twitter cards with the 1200x630 image", async () => {
    const h = await page(url);
    expect(h.title).toMatch(/Facet Browser/);
    // The language's own share image (the product drawn in it), on the host that serves the language.
    expect(attr(h.meta("og:image")!, "content")).toBe(`${new URL(url).origin}/share/${lang.split(" ")[0]}/home.png`);
    // The home card shows the site's name and pitch: described by the home page's title.
    const home = await page(url.replace(/\/about-us$/, "") || new URL(url).origin);
    expect(attr(h.meta("og:image:alt")!, "content")).toBe(home.title);
    expect(attr(h.meta("og:image:width")!, "content")).toBe("1200");
    expect(attr(h.meta("og:image:height")!, "content")).toBe("630");
    expect(attr(h.meta("og:url")!, "content")).toBe(url);
    expect(attr(h.meta("twitter:card")!, "content")).toBe("summary_large_image");
    expect(h.meta("description")).toBeTruthy();
  });
});

describe("home page structured data and shell head", () => {
  it("describes the software and the organisation", async () => {
    const h = await page(`https://${EN}/`);
    const app = h.jsonLd.find((j) => j["@type"] === "SoftwareApplication");
    expect(app).toMatchObject({ applicationCategory: "SecurityApplication", operatingSystem: "Windows, macOS, Linux" });
    expect(app.offers.length).toBeGreaterThan(0);
    const org = h.jsonLd.find((j) => j["@type"] === "Organization");
    expect(org).toMatchObject({ foundingDate: "2019" });
    expect(JSON.stringify(org.foundingLocation)).toMatch(/Hong Kong/);
  });

  it("keeps zoom enabled and lists favicons at 16, 32, 64, 96 and 192", async () => {
    const res = await rawGet(server.port, "/", { host: EN });
    expect(res.body).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"\/>/);
    expect(res.body).not.toMatch(/user-scalable=no|maximum-scale=1/);
    for (const size of [16, 32, 64, 96, 192]) expect(res.body).toContain(`sizes="${size}x${size}"`);
    const icon = await rawGet(server.port, "/favicon-192.png", { host: EN });
    expect(icon.status).toBe(200);
  });

  it("gives a 404 its own title in the page's language, noindex, and no canonical or alternates", async () => {
    for (const [path, title] of [
      ["/no-such-page", /^Page not found \| /],
      ["/jp/no-such-page", /[\u3040-\u30ff\u4e00-\u9fff]/],
      ["/blog-guides/no-such-tag", /^Page not found \| /],
      ["/blog/999999", /^Page not found \| /],
    ] as const) {
      const res = await rawGet(server.port, path, { host: EN });
      expect(res.status, path).toBe(404);
      const h = head(res.body);
      expect(h.canonical, path).toEqual([]);
      expect(h.alternates, path).toEqual([]);
      expect(res.body, path).toMatch(/<meta name="robots" content="noindex"/);
      const found = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? "";
      expect(found, path).toMatch(title);
      expect(found, path).not.toMatch(/anti-detect/i);
    }
  });

  it("marks error pages noindex, without canonical", async () => {
    const res = await rawGet(server.port, "/error/502", { host: EN });
    const h = head(res.body);
    expect(h.canonical).toEqual([]);
    expect(res.body).toMatch(/<meta name="robots" content="noindex"/);
  });
});

describe("the page's scripts", () => {
  const moduleOf = (html: string) => /<script[^>]* type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

  it("load after the first complete paint on a visitor's page: no preloads in the head, the module waits, preloads, imports", async () => {
    for (const path of ["/", "/blog", "/Pricing", "/th/pre-sales"]) {
      const res = await rawGet(server.port, path, { host: EN });
      expect(res.status, path).toBe(200);
      expect(headOf(res.body), path).not.toContain('rel="modulepreload"');
      const module = moduleOf(res.body);
      expect(module.split("\n")[0], path).toMatch(/^await new Promise\(.*addEventListener\("load"/);
      expect(module, path).toMatch(/for \(const href of \["\/assets\/entry\.client-[^"]+\.js"/);
      expect(module, path).toMatch(/const \[route0, route1\] = await Promise\.all\(\[import\("\/assets\/root-[^"]+\.js"\), import\(/);
      expect(module, path).not.toMatch(/^\s*import\s*[*{"]/m);
      expect(module, path).toMatch(/window\.__reactRouterRouteModules = \{"root":route0,/);
      expect(module.trim().endsWith(`import(${JSON.stringify(/"(\/assets\/entry\.client-[^"]+\.js)"/.exec(module)![1])});`), path).toBe(true);
    }
  });

  it("let a form be sent before they run: it posts to the page's action, so the typed text never goes into the address (0034)", async () => {
    const res = await rawGet(server.port, "/pre-sales", { host: EN });
    const forms = [...res.body.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]).filter((form) => !form.includes('role="search"'));
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form).toMatch(/method="post"/);
    const submits = [...res.body.matchAll(/<button type="submit"[^>]*>/g)].map((m) => m[0]);
    expect(submits.length).toBeGreaterThan(0);
    for (const button of submits) expect(button).not.toMatch(/ disabled=""/);
  });

  it("leave the Chinese and Japanese glyph rules out of the first paint's stylesheets: the head names the page's own subsets, which the server makes", async () => {
    for (const [host, path] of [
      [ZH, "/about-us"],
      [EN, "/tc/blog"],
      [EN, "/jp/pricing"],
    ] as const) {
      const res = await rawGet(server.port, path, { host });
      expect(res.status, path).toBe(200);
      const pageHead = headOf(res.body);
      expect(pageHead, path).not.toMatch(/<link[^>]*\/assets\/(zh-hans|zh-hant|ja)-[^"]*\.css/);
      const style = /<style data-page-fonts>([\s\S]*?)<\/style>/.exec(pageHead)?.[1] ?? "";
      // Two subsets of the page's own characters (0036): the header and footer's, and the rest's.
      expect(style.match(/@font-face\{/g)?.length ?? 0, path).toBe(2);
      expect(style.length, path).toBeLessThan(12_000);
      const urls = [...style.matchAll(/url\("(\/fonts\/[^"]+)"\)/g)].map(([, url]) => url!);
      expect(urls, path).toHaveLength(2);
      for (const url of urls) expect(url).toMatch(/^\/fonts\/(zh|tc|jp)-[0-9a-f]{8}\/[\w-]+\.[\w-]{16}\.woff2$/);
      const font = await rawGet(server.port, urls[1]!, { host });
      expect(font.status, urls[1]).toBe(200);
      expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(font.headers["content-type"]).toBe("font/woff2");
    }
    const english = await rawGet(server.port, "/about-us", { host: EN });
    expect(english.body).not.toContain("data-page-fonts");
  });

  it("load at once in the staff area", async () => {
    const res = await rawGet(server.port, "/admin/sign-in", { host: EN });
    expect(res.status).toBe(200);
    expect(headOf(res.body)).toContain('rel="modulepreload"');
    expect(moduleOf(res.body)).toMatch(/^\s*;?\s*import \* as route0 from "\/assets\/root-/);
  });
});

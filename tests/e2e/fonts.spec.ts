import type { Browser, BrowserContext, Page } from "@playwright/test";
import { SLICED_SCRIPT_SHEETS } from "../../app/fonts/sliced-scripts";
import { unicodeRangeParts } from "../../app/fonts/unicode-range";
import { latinOnlyChromium, recordLayoutShifts } from "../support/chromium";
import { BASE, expect, hydrated, test } from "./fixtures";

/**
 * Chinese, Japanese, Thai and Devanagari on a machine without such fonts (docs/decisions/0023,
 * 0036): this file's Chromium sees only a Latin font (fontconfig limited to DejaVu or Liberation),
 * so every such glyph must come from our web fonts: for Chinese and Japanese the two subsets the
 * server cut from the page's characters, for Thai and Devanagari their one slice.
 */

/** A subset's file name: its code points and signature (app/fonts/font-subsets.server.ts). */
const SUBSET_FILE = /^[\w-]+\.[\w-]{16}\.woff2$/;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const PAGES = [
  { lang: "zh", path: "/zh", family: "Noto Sans SC Page", file: SUBSET_FILE, script: /\p{Script=Han}/u },
  { lang: "tc", path: "/tc", family: "Noto Sans TC Page", file: SUBSET_FILE, script: /\p{Script=Han}/u },
  { lang: "jp", path: "/jp", family: "Noto Sans JP Page", file: SUBSET_FILE, script: CJK },
  { lang: "th", path: "/th", family: "Noto Sans Thai Web", file: /^th-thai-400-.+\.woff2$/, script: /\p{Script=Thai}/u },
  {
    lang: "hi",
    path: "/hi",
    family: "Noto Sans Devanagari Web",
    file: /^hi-devanagari-400-.+\.woff2$/,
    script: /\p{Script=Devanagari}/u,
  },
] as const;

let browser: Browser;

test.beforeAll(async () => {
  browser = await latinOnlyChromium();
});

test.afterAll(async () => {
  await browser?.close();
});

interface FontLoad {
  file: string;
  bytes: number;
}

/** A visitor of the restricted browser, with the banners answered; fails on console errors like every page test. */
async function openPage(pagePath: string, width = 1280): Promise<{ context: BrowserContext; page: Page; fonts: FontLoad[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: "cookie_consent", value: "accepted", url: BASE },
    { name: "phishing_notice", value: "seen", url: BASE },
    { name: "lang_prompt", value: "answered", url: BASE },
  ]);
  await context.route("https://accounts.google.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: "window.google={accounts:{id:{initialize:function(){},prompt:function(){}}}};" }),
  );
  // Every layout shift from the start, to check that the page does not move when its fonts arrive.
  await context.addInitScript(recordLayoutShifts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  const fonts: FontLoad[] = [];
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "font") return;
    const file = new URL(request.url()).pathname.split("/").pop()!;
    // Counted at once, sized when the browser says: fonts.ready must not race the count.
    const load = { file, bytes: 0 };
    fonts.push(load);
    load.bytes = await request.sizes().then(
      (sizes) => sizes.responseBodySize,
      () => 0,
    );
  });
  await page.goto(BASE + pagePath, { waitUntil: "networkidle" });
  // Hydration may come after the network has been idle for a while on a loaded machine: wait for
  // it and for every linked sheet to have loaded.
  await hydrated(page);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null));
  await page.evaluate(() => document.fonts.ready);
  return { context, page, fonts, errors };
}

/**
 * Marks every rendered element whose own text has characters of the script, and asks Chromium which
 * fonts drew those text nodes: the script's characters must all come from the web font (a system
 * font there means empty boxes, since this machine has none for the script).
 */
async function fallbackGlyphs(page: Page, script: RegExp, family: string) {
  const marked = await page.evaluate((source) => {
    const scriptChar = new RegExp(source, "u");
    const out: { id: string; scriptChars: number; otherChars: number; text: string }[] = [];
    let n = 0;
    for (const el of document.body.querySelectorAll("*")) {
      // Text in a closed menu is not laid out: asking for its fonts would lay it out and load them.
      if (!(el instanceof HTMLElement) || !el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      // Text cut by line-clamp ends in an ellipsis run whose glyph counts Chromium reports for the
      // whole box (six system glyphs for one "…" on a clamped Thai summary, drawn correctly).
      if (getComputedStyle(el).webkitLineClamp !== "none" && el.scrollHeight > el.clientHeight + 1) continue;
      const own = [...el.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent ?? "")
        .join("");
      const scriptChars = [...own].filter((c) => scriptChar.test(c)).length;
      if (scriptChars === 0) continue;
      const id = `f${n++}`;
      el.setAttribute("data-font-check", id);
      // Chromium reports the fonts of the element's descendants' text too (an icon's "+"), and of a
      // list item's marker (a disclosure triangle): all drawn by the system font.
      const marker = getComputedStyle(el).display === "list-item" ? 1 : 0;
      const all = [...(el.textContent ?? "")];
      out.push({ id, scriptChars, otherChars: all.filter((c) => !scriptChar.test(c)).length + marker, text: own.trim().slice(0, 40) });
    }
    return out;
  }, script.source);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const problems: string[] = [];
  let drawn = 0;
  for (const m of marked) {
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: `[data-font-check="${m.id}"]` });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    // Nothing drawn: inside a closed menu or panel.
    if (fonts.length === 0) continue;
    drawn++;
    const ours = fonts.filter((f) => f.isCustomFont);
    const system = fonts.filter((f) => !f.isCustomFont).reduce((sum, f) => sum + f.glyphCount, 0);
    // Spaces, Latin and punctuation are the system font's; more glyphs from it than that are the script's.
    if (ours.length === 0 || system > m.otherChars) problems.push(`"${m.text}": ${JSON.stringify(fonts)}`);
  }
  await cdp.detach();
  expect(drawn, `elements showing ${family} text`).toBeGreaterThan(3);
  return problems;
}

for (const p of PAGES) {
  test(`${p.lang}: the script is drawn with the self-hosted web font, from only ${p.file === SUBSET_FILE ? "the two subsets of the page's characters" : "the slice its characters need"}`, async ({}, testInfo) => {
    const { context, page, fonts: loads, errors } = await openPage(p.path);
    try {
      const fonts = [...loads];

      const { faces, neededFiles, slices } = await page.evaluate((family) => {
        const rendered = document.body.innerText + [...document.querySelectorAll("[placeholder]")].map((el) => el.getAttribute("placeholder")).join("");
        const codePoints = [...new Set([...rendered].map((c) => c.codePointAt(0)!))];
        const needs = (unicodeRange: string) =>
          unicodeRange.split(",").some((r) => {
            const [from, to] = r
              .trim()
              .slice(2)
              .split("-")
              .map((h) => parseInt(h, 16));
            return codePoints.some((c) => c >= from! && c <= (to ?? from!));
          });
        // The slice files of the family's rules that a character on the page falls in.
        const files = new Set<string>();
        let count = 0;
        for (const sheet of document.styleSheets)
          for (const rule of sheet.cssRules)
            if (rule instanceof CSSFontFaceRule && rule.style.getPropertyValue("font-family").replace(/"/g, "") === family) {
              count++;
              const file = /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue("src"))![1]!.split("/").pop()!;
              if (needs(rule.style.getPropertyValue("unicode-range"))) files.add(file);
            }
        return {
          faces: [...document.fonts].filter((f) => f.family.replace(/"/g, "") === family).map((f) => ({ status: f.status, needed: needs(f.unicodeRange) })),
          neededFiles: [...files].sort(),
          slices: count,
        };
      }, p.family);
      const loaded = faces.filter((f) => f.status === "loaded");
      expect(loaded.length, "slices in use").toBeGreaterThan(0);
      // Only slices that the page's characters fall in, each downloaded once: the rules the server
      // wrote for the first paint and the full stylesheet that follows share their files.
      expect(
        loaded.filter((f) => !f.needed),
        "slices loaded that no character on the page needs",
      ).toEqual([]);
      expect(
        fonts.map((f) => f.file).every((file) => p.file.test(file)),
        `font files: ${fonts.map((f) => f.file).join(", ")}`,
      ).toBe(true);
      expect(new Set(fonts.map((f) => f.file)).size).toBe(fonts.length);
      expect(fonts.map((f) => f.file).sort()).toEqual(neededFiles);
      if (p.file === SUBSET_FILE) {
        // Two subsets, both in the page's head: the header and footer's, and the rest of the page's.
        expect(slices, "subset rules in the page's head").toBe(2);
        expect(fonts, "subsets fetched").toHaveLength(2);
        expect(await page.locator("style[data-page-fonts]").count()).toBe(1);
        // They hold the characters the page draws, and nothing its HTML does not hold as text.
        const { missing, extra } = await page.evaluate((family) => {
          const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
          const codePoints = (face: FontFace) =>
            face.unicodeRange.split(",").flatMap((part) => {
              const [from, to = from] = part.trim().slice(2).split("-");
              const out: number[] = [];
              for (let cp = parseInt(from!, 16); cp <= parseInt(to!, 16); cp++) out.push(cp);
              return out;
            });
          // The header and footer's subset first (it also holds the words of notices scripts may show), then the page's.
          const [shell, own] = [...document.fonts].filter((face) => face.family.replace(/"/g, "") === family);
          const covered = new Set([...codePoints(shell!), ...codePoints(own!)]);
          const drawn = document.body.innerText + [...document.querySelectorAll("[placeholder]")].map((el) => el.getAttribute("placeholder")).join("");
          const clone = document.documentElement.cloneNode(true) as HTMLElement;
          for (const el of clone.querySelectorAll("script, style, template")) el.remove();
          const text = new Set([...((clone.textContent ?? "") + drawn)].map((c) => c.codePointAt(0)!));
          return {
            missing: [...new Set(drawn)].filter((c) => cjk.test(c) && !covered.has(c.codePointAt(0)!)),
            extra: codePoints(own!)
              .filter((cp) => !text.has(cp) && cjk.test(String.fromCodePoint(cp)))
              .map((cp) => String.fromCodePoint(cp)),
          };
        }, p.family);
        expect(missing, "drawn characters no subset holds").toEqual([]);
        expect(extra, "subset characters the page does not show").toEqual([]);
      } else {
        // Thai and Devanagari come in one slice, in the main stylesheet.
        expect(fonts).toHaveLength(1);
      }

      // The page waited for its slices (docs/decisions/0023): it was painted once, with them.
      const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
      expect(shifted, "layout shift while the page and its fonts loaded").toBeLessThan(0.01);

      // Last: asking Chromium for the fonts of an element lays it out.
      expect(await fallbackGlyphs(page, p.script, p.family), "script text drawn by a system font (empty boxes)").toEqual([]);

      const bytes = fonts.reduce((sum, f) => sum + f.bytes, 0);
      testInfo.annotations.push({ type: "font bytes", description: `${p.path}: ${fonts.length} files, ${(bytes / 1024).toFixed(1)} KiB` });
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("a second page of the language takes the header and footer's subset from the cache and fetches only its own", async () => {
  // Not openPage: a context with a route has no HTTP cache (Playwright), and the cache is what this checks.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(
    ["cookie_consent=accepted", "phishing_notice=seen", "lang_prompt=answered"].map((c) => ({ name: c.split("=")[0]!, value: c.split("=")[1]!, url: BASE })),
  );
  const page = await context.newPage();
  const fonts: { file: string }[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "font") fonts.push({ file: new URL(request.url()).pathname.split("/").pop()! });
  });
  await page.goto(`${BASE}/zh`, { waitUntil: "networkidle" });
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  try {
    const subsets = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((e) => new URL(e.name).pathname.startsWith("/fonts/"))
          .map((e) => ({ path: new URL(e.name).pathname, transferred: (e as PerformanceResourceTiming).transferSize })),
      );
    const first = await subsets();
    expect(first).toHaveLength(2);
    await page.goto(`${BASE}/zh/pricing`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    const second = await subsets();
    expect(second).toHaveLength(2);
    // One URL in common, the header and footer's, taken from the cache (nothing transferred); the page's own is new.
    const shared = second.filter((e) => first.some((f) => f.path === e.path));
    expect(shared).toHaveLength(1);
    expect(shared[0]!.transferred).toBe(0);
    expect(second.find((e) => e !== shared[0])!.transferred).toBeGreaterThan(0);
    // Every character of the second page drawn by our fonts, none from a slice.
    expect(fonts.every((f) => SUBSET_FILE.test(f.file))).toBe(true);
    expect(await fallbackGlyphs(page, CJK, "Noto Sans SC Page"), "script text drawn by a system font (empty boxes)").toEqual([]);
  } finally {
    await context.close();
  }
});

/** docs/decisions/0048: a sliced-script page's full glyph rules, applied (a stylesheet) or only fetched (a prefetch). */
const fullRules = (sheet: string) => `link[rel="stylesheet"][href*="/${sheet}-"]`;
const fetchedRules = (sheet: string) => `link[rel="prefetch"][href*="/${sheet}-"]`;
const waitForFullRules = (page: Page, sheet: string) =>
  page
    .waitForFunction((selector) => document.querySelector<HTMLLinkElement>(selector)?.sheet != null, fullRules(sheet))
    .then(() => page.evaluate(() => document.fonts.ready));
// The watcher's code is a chunk of its own, loaded once hydrated.
const watchingLaterText = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\/later-text-[\w-]+\.js$/.test(new URL(e.name).pathname)));

/** Text the page's own rules cover changes nothing; a character they lack applies the full rules, and is drawn by our fonts. */
async function laterTextApplies(lang: keyof typeof SLICED_SCRIPT_SHEETS) {
  const sheet = SLICED_SCRIPT_SHEETS[lang];
  const { family } = PAGES.find((p) => p.lang === lang)!;
  const { context, page, errors } = await openPage(`/${lang}`, 390);
  try {
    await expect(page.locator(fetchedRules(sheet))).toHaveCount(1);
    await expect(page.locator(fullRules(sheet))).toHaveCount(0);
    await watchingLaterText(page);
    const { ranges, heading } = await page.evaluate(
      (family) => ({
        ranges: [...document.fonts].filter((face) => face.family.replace(/"/g, "") === family).map((face) => face.unicodeRange),
        heading: document.querySelector("h1")?.textContent ?? "",
      }),
      family,
    );
    const parts = ranges.flatMap(unicodeRangeParts).filter((part) => part !== null);
    const inPageRules = (c: string) => parts.some(([first, last]) => c.codePointAt(0)! >= first && c.codePointAt(0)! <= last);
    const covered = [...heading].filter((c) => CJK.test(c)).join("");
    // Rare characters of the slices that a page about a browser does not use.
    const uncovered = [..."鬱龜鑫麒麟饕餮"].find((c) => !inPageRules(c));
    expect(covered.length, "Chinese or Japanese characters in the heading").toBeGreaterThan(1);
    expect(uncovered, "a character the page's rules lack").toBeTruthy();
    const addParagraph = (text: string) =>
      page.evaluate((text) => {
        const p = document.createElement("p");
        p.textContent = text;
        document.querySelector("main")!.append(p);
      }, text);
    await addParagraph(covered);
    // Long enough for the observer's callback (a microtask) and a render.
    await page.waitForTimeout(300);
    await expect(page.locator(fullRules(sheet))).toHaveCount(0);
    await addParagraph(`新字：${uncovered!}`);
    await waitForFullRules(page, sheet);
    expect(await fallbackGlyphs(page, /\p{Script=Han}/u, family), "script text drawn by a system font (empty boxes)").toEqual([]);
    expect(errors, "console errors").toEqual([]);
  } finally {
    await context.close();
  }
}

test("a Chinese page applies its full glyph rules only once text they may be needed for can come, and then draws it from them", async () => {
  // docs/decisions/0048: applying the rules lays out the whole page again, so a page nobody
  // navigates from, types in or adds text to only fetches them into the cache.
  await laterTextApplies("zh");

  // A text field taking focus applies them (an input method may write any character).
  {
    const { context, page, errors } = await openPage("/zh/pre-sales", 390);
    try {
      await expect(page.locator(fullRules(SLICED_SCRIPT_SHEETS.zh))).toHaveCount(0);
      await watchingLaterText(page);
      await page.locator("#booking-company").focus();
      await waitForFullRules(page, SLICED_SCRIPT_SHEETS.zh);
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  }

  // A client navigation applies them, and every character of the next page is drawn by our fonts.
  {
    const { context, page, errors } = await openPage("/zh", 1280);
    try {
      await expect(page.locator(fullRules(SLICED_SCRIPT_SHEETS.zh))).toHaveCount(0);
      await page.locator('header a[href="/zh/download"]').first().click();
      await page.waitForURL(`${BASE}/zh/download`);
      await waitForFullRules(page, SLICED_SCRIPT_SHEETS.zh);
      // The new page is in once its DOM has been still for a moment: the address may change before
      // the page's last parts are (a node asked about while it is replaced is gone).
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const done = () => {
              observer.disconnect();
              resolve();
            };
            let timer = setTimeout(done, 300);
            const observer = new MutationObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(done, 300);
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            setTimeout(done, 5000);
          }),
      );
      expect(await fallbackGlyphs(page, /\p{Script=Han}/u, "Noto Sans SC Page"), "script text drawn by a system font (empty boxes)").toEqual([]);
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test.describe("traditional Chinese and Japanese pages watch for later text the same way", () => {
  for (const lang of ["tc", "jp"] as const) test(lang, () => laterTextApplies(lang));
});

test("a subset URL the server did not sign is refused before any work", async ({ request }) => {
  const html = await (await request.get(`${BASE}/zh`)).text();
  const url = /src:url\("(\/fonts\/[^"]+)"\)/.exec(html)![1]!;
  expect((await request.get(BASE + url)).status()).toBe(200);
  const forged = url.replace(/\.([\w-]{16})\.woff2$/, (_, sig: string) => `.${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}.woff2`);
  expect((await request.get(BASE + forged)).status()).toBe(404);
});

test("a page held for its fonts fetches its scripts only once its first contentful paint is on the screen", async () => {
  // docs/decisions/0026 and 0043: the scripts must not share the connection or the CPU with the
  // paint, which for a held page comes when its font is in, after load.
  for (const p of ["/zh", "/th", "/hi", "/"]) {
    const { context, page, errors } = await openPage(p, 390);
    try {
      await hydrated(page);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((e) => new URL(e.name).pathname.endsWith(".js"))
          .map((e) => e.startTime),
      }));
      expect(paint, `first contentful paint of ${p}`).toBeGreaterThan(0);
      expect(scripts.length, `scripts of ${p}`).toBeGreaterThan(0);
      expect(Math.min(...scripts), `first script of ${p} against its paint`).toBeGreaterThanOrEqual(paint!);
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("a phone's first visit to each of these pages does not move when the fonts arrive", async () => {
  for (const p of [...PAGES.map((page) => page.path), "/zh/blog", "/jp/faq"]) {
    const { context, page, errors } = await openPage(p, 390);
    try {
      const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
      expect(shifted, `layout shift on ${p}`).toBeLessThan(0.01);
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("an English page downloads no font", async () => {
  const { context, fonts, errors } = await openPage("/");
  try {
    expect(fonts).toEqual([]);
    expect(errors, "console errors").toEqual([]);
  } finally {
    await context.close();
  }
});

test("the language menu draws every name in its own script on pages of another script, from a few kilobytes", async () => {
  for (const pagePath of ["/", "/th", "/ru"]) {
    const { context, page, fonts, errors } = await openPage(pagePath);
    try {
      const before = fonts.length;
      await page.locator('[data-testid="language-switcher"] summary').click();
      await page.evaluate(() => document.fonts.ready);
      const cdp = await context.newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
      const drawnBy: Record<string, string[]> = {};
      for (const tag of ["zh-Hans", "zh-Hant", "ja", "th", "hi"]) {
        const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: `[data-testid="language-switcher"] ul a[lang="${tag}"]` });
        const { fonts: used } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
        // Every glyph of the name from a web font of ours: a system font here would be empty boxes.
        drawnBy[tag] = used.map((f) => `${f.familyName}${f.isCustomFont ? "" : " (system)"}`);
      }
      await cdp.detach();
      for (const [tag, families] of Object.entries(drawnBy)) {
        expect(families.length, `${pagePath}: ${tag}`).toBeGreaterThan(0);
        expect(
          families.filter((f) => f.endsWith("(system)")),
          `${pagePath}: ${tag} drawn by ${families.join(", ")}`,
        ).toEqual([]);
      }
      // On a page whose script is Latin, the names come from the tiny name fonts, not whole slices.
      if (pagePath !== "/th") {
        const opened = fonts.slice(before);
        expect(
          opened.every((f) => f.file.startsWith("names-")),
          opened.map((f) => f.file).join(", "),
        ).toBe(true);
        expect(opened.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThan(30_000);
      }
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("the staff area draws its Chinese (and its 中文 toggle) from our web fonts", async () => {
  // Staff pages have no hydration mark (they are not the site's shell): loaded and their fonts ready.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await page.goto(`${BASE}/admin/sign-in`, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  try {
    const fontsOf = async (selector: string) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      await cdp.detach();
      return fonts;
    };
    // English sign-in page: the toggle's 中文 from the names font.
    const toggle = await fontsOf('button[data-language-names][lang="zh-Hans"]');
    expect(toggle.length).toBeGreaterThan(0);
    expect(
      toggle.every((f) => f.isCustomFont),
      JSON.stringify(toggle),
    ).toBe(true);
    // Chinese: the whole page's Chinese from the Simplified Chinese web font.
    await context.addCookies([{ name: "admin_lang", value: "zh", url: BASE }]);
    await page.reload({ waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    const heading = await fontsOf("h1");
    expect(
      heading.filter((f) => !f.isCustomFont),
      JSON.stringify(heading),
    ).toEqual([]);
    expect(errors, "console errors").toEqual([]);
  } finally {
    await context.close();
  }
});

for (const pagePath of ["/th", "/th/blog"]) {
  test(`Thai lines on ${pagePath} are tall enough for stacked vowels and tone marks`, async () => {
    const { context, page, errors } = await openPage(pagePath, 390);
    try {
      const short = await page.evaluate(() => {
        // The web font's ink for letters carrying marks above and below (ป + ั + ้, ญ + ู, ฐ + ุ).
        const probe = document.createElement("canvas").getContext("2d")!;
        const ink = (font: string) => {
          probe.font = font;
          const m = probe.measureText("ปั้ญู่ฐุที่ฎุ๋");
          return m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
        };
        // The measure below is the web font's only if it is the one in use (not a fallback's empty boxes).
        const webFont = [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Noto Sans Thai Web" && f.status === "loaded");
        const out: string[] = webFont ? [] : ["Noto Sans Thai Web is not loaded"];
        let checked = 0;
        for (const el of document.body.querySelectorAll("*")) {
          if (!(el instanceof HTMLElement) || el.getClientRects().length === 0) continue;
          const own = [...el.childNodes]
            .filter((c) => c.nodeType === Node.TEXT_NODE)
            .map((c) => c.textContent ?? "")
            .join("");
          if (!/\p{Script=Thai}/u.test(own)) continue;
          const style = getComputedStyle(el);
          const size = parseFloat(style.fontSize);
          const lineHeight = style.lineHeight === "normal" ? Infinity : parseFloat(style.lineHeight);
          const needed = ink(`${style.fontWeight} ${size}px "Noto Sans Thai Web"`);
          checked++;
          if (lineHeight < needed) out.push(`${el.tagName}.${el.className} "${own.trim().slice(0, 30)}": line ${lineHeight}px < ink ${needed.toFixed(1)}px`);
        }
        return { out, checked };
      });
      expect(short.checked).toBeGreaterThan(5);
      expect(short.out).toEqual([]);
      expect(errors, "console errors").toEqual([]);
    } finally {
      await context.close();
    }
  });
}

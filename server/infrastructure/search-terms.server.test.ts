import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getLanguage, LANG_KEYS, type LangKey } from "~/i18n/languages";
import {
  allowedEdits,
  documentTerms,
  editDistance,
  matchRanges,
  normalizeQuery,
  normalizeText,
  queryWords,
  quoteLexeme,
  type QueryWord,
  snippet,
  titleAndBodyTerms,
} from "./search-terms.server";

/** What the search does with a query word against a document's terms. */
const found = (doc: string[], w: QueryWord) =>
  doc.includes(w.term) || (w.parts.length > 0 && w.parts.every((p) => doc.includes(p))) || (w.bigrams.length > 0 && w.bigrams.every((b) => doc.includes(b)));

describe("search terms", () => {
  it("split Chinese into words and character pairs, so 代理IP meets 代理 IP", () => {
    const doc = documentTerms("如何为每个环境设置代理 IP 地址", "zh");
    expect(doc).toEqual(expect.arrayContaining(["代理", "ip", "地址"]));
    const q = queryWords("代理IP", "zh");
    expect(q.map((w) => w.term)).toEqual(["代理", "ip"]);
    for (const w of q) expect(doc).toContain(w.term);
    expect(queryWords("代理 IP", "zh")).toEqual(q);
  });

  it("give a CJK query word longer than two characters its parts and its character pairs", () => {
    const doc = documentTerms("指纹浏览器可以隔离每个环境", "zh");
    const [w] = queryWords("浏览器", "zh");
    expect(w).toEqual({ term: "浏览器", parts: ["浏览", "器"], bigrams: ["浏览", "览器"] });
    // Whatever the dictionary made of the word in the text, its pairs are terms of the text.
    for (const b of w!.bigrams) expect(doc).toContain(b);
    expect(queryWords("代理", "zh")[0]).toEqual({ term: "代理", parts: [], bigrams: [] });
    expect(queryWords("跨境电商 proxy", "zh").map((x) => x.term)).toEqual(["跨境电商", "proxy"]);
  });

  it("split Japanese and Thai sentences into words, the same way for a query", () => {
    const jp = documentTerms("プロキシの設定を確認してください", "jp");
    for (const q of ["設定", "プロキシ", "ﾌﾟﾛｷｼ" /* half-width kana */, "プロキシ 確認"])
      for (const w of queryWords(q, "jp")) expect(found(jp, w), q).toBe(true);
    const th = documentTerms("โปรไฟล์ใหม่ไม่ทำงานเมื่อเปิดเบราว์เซอร์ที่ใช้พร็อกซี", "th");
    expect(th).toEqual(expect.arrayContaining(["โปรไฟล์", "ใหม่", "ทำงาน"]));
    // The dictionary cuts แพ็กเกจ differently alone and before ที่: the joined pieces meet.
    expect(documentTerms("ทบทวนแพ็กเกจที่ยังจ่ายเงิน", "th")).toContain("แพ็กเกจ");
    expect(queryWords("พร็อกซี", "th")).toEqual([{ term: "พร็อกซี", parts: ["พร็", "อก", "ซี"], bigrams: [] }]);
    for (const q of ["ทำงาน", "โปรไฟล์ เบราว์เซอร์", "พร็อกซีโปรไฟล์"]) for (const w of queryWords(q, "th")) expect(found(th, w), q).toBe(true);
  });

  it("keep the Thai am vowel whole through NFKC", () => {
    expect(normalizeText("ทำ", "th")).toBe("ทำ");
    expect(normalizeText("ทำ".normalize("NFKC"), "th")).toBe("ทำ");
  });

  it("lower-case in the language's own rules and fold full-width letters", () => {
    expect(normalizeText("İSTANBUL Işık", "tr")).toBe("istanbul ışık");
    expect(normalizeText("ＩＰ Proxy", "en")).toBe("ip proxy");
    expect(documentTerms("Fingerprint-Browser v5.2", "en")).toEqual(expect.arrayContaining(["fingerprint", "browser"]));
  });

  it("lower-case as the language's locale does, on every help article of every language and on letters with special cases", () => {
    const reference = (text: string, lang: LangKey) =>
      text
        .normalize("NFKC")
        .replace(/\u0e4d\u0e32/g, "\u0e33")
        .replace(/\u0ecd\u0eb2/g, "\u0eb3")
        .toLocaleLowerCase(getLanguage(lang).tag);
    const special = "İI ıi ΣΑΣ ΌΣΟΣ ß ẞ ǅ Ⅻ ＩＰ ﬁ İstanbul ÀÉÎÕÜ Ω K Å ÿ";
    for (const lang of LANG_KEYS) {
      const dir = path.resolve("content/help", lang);
      const texts = [special, ...fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"))];
      expect(texts.length, lang).toBeGreaterThan(5);
      for (const text of texts) {
        expect(normalizeText(text, lang), lang).toBe(reference(text, lang));
        for (const word of text.split(/\s+/)) expect(normalizeText(word, lang), `${lang} ${word}`).toBe(reference(word, lang));
      }
    }
  });

  it("make every language's words from its own script", () => {
    const samples: Record<(typeof LANG_KEYS)[number], [string, string]> = {
      zh: ["防关联浏览器", "浏览"],
      en: ["Anti-detect browser profiles", "profiles"],
      ru: ["Антидетект-браузер и прокси", "прокси"],
      vn: ["Trình duyệt chống phát hiện", "duyệt"],
      es: ["Navegador antidetección", "navegador"],
      pt: ["Navegador antidetecção", "antidetecção"],
      tc: ["防關聯瀏覽器", "瀏覽"],
      tr: ["Tarayıcı parmak izi", "tarayıcı"],
      th: ["เบราว์เซอร์ป้องกันการตรวจจับ", "เบราว์เซอร์"],
      fr: ["Navigateur anti-détection", "détection"],
      uk: ["Антидетект-браузер і проксі", "проксі"],
      hi: ["एंटी-डिटेक्ट ब्राउज़र प्रॉक्सी", "ब्राउज़र"],
      jp: ["アンチディテクトブラウザの設定", "設定"],
    };
    for (const lang of LANG_KEYS) expect(documentTerms(samples[lang][0], lang), lang).toContain(samples[lang][1]);
  });

  it("keep title terms out of the body terms, so each term counts once per document", () => {
    const { titleTerms, bodyTerms } = titleAndBodyTerms("Proxy setup", "Set up a proxy for each profile", "en");
    expect(titleTerms).toEqual(["proxy", "setup"]);
    expect(bodyTerms).not.toContain("proxy");
    expect(bodyTerms).toContain("profile");
  });

  it("take each query word once, at most eight", () => {
    expect(queryWords("proxy Proxy PROXY", "en")).toHaveLength(1);
    expect(queryWords("a b c d e f g h i j", "en")).toHaveLength(8);
    expect(queryWords("  ,,, !!! ", "en")).toEqual([]);
  });

  it("quote lexemes so no input is read as a tsquery operator", () => {
    expect(quoteLexeme("o'reilly")).toBe("'o''reilly'");
    expect(quoteLexeme("a\\b")).toBe("'a\\\\b'");
    expect(quoteLexeme("x & !y | z:*")).toBe("'x & !y | z:*'");
  });

  it("measure edits in letters, with the allowance by length", () => {
    expect(editDistance("fingerprnt", "fingerprint", 2)).toBe(1);
    expect(editDistance("browser", "browsers", 1)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
    expect(editDistance("เบราว์เซอ", "เบราว์เซอร์", 2)).toBe(2);
    expect(allowedEdits("prox")).toBe(0);
    expect(allowedEdits("proxy")).toBe(1);
    expect(allowedEdits("fingerprint")).toBe(2);
  });

  it("normalise a query for the miss list", () => {
    expect(normalizeQuery("  Quantum   TELEPORTATION ", "en")).toBe("quantum teleportation");
  });

  it("find the ranges of matched words, word forms and CJK words inside runs", () => {
    const text = "Fingerprints: how a fingerprint browser works";
    const r = matchRanges(text, "en", { terms: ["browser"], stems: ["fingerprint"] });
    expect(r.map(([a, b]) => text.slice(a, b))).toEqual(["Fingerprints", "fingerprint", "browser"]);
    const zh = "使用代理IP时请检查代理服务器";
    // Matched words that touch are one mark.
    expect(matchRanges(zh, "zh", { terms: ["代理", "ip"], stems: [] }).map(([a, b]) => zh.slice(a, b))).toEqual(["代理IP", "代理"]);
    // A Thai word is marked whole, and the dictionary's pieces of it are not marked inside other words.
    const th = "ตั้งค่าพร็อกซีแล้วกดออกจากหน้าซีรีส์";
    expect(matchRanges(th, "th", { terms: ["พร็อกซี", "พร็", "อก", "ซี"], stems: [] }).map(([a, b]) => th.slice(a, b))).toEqual(["พร็อกซี"]);
  });

  it("look no further than `within` characters past the first match, when asked", () => {
    const text = `A browser ${"word ".repeat(30)}browser ${"word ".repeat(60)}browser`;
    const words = (within?: number) => matchRanges(text, "en", { terms: ["browser"], stems: [] }, within).map(([a]) => a);
    expect(words()).toHaveLength(3);
    expect(words(200)).toEqual(words().slice(0, 2));
    expect(words(100)).toEqual(words().slice(0, 1));
  });

  it("cut a snippet around the first match", () => {
    const text = `${"lorem ipsum ".repeat(40)}the proxy answer ${"dolor sit ".repeat(40)}`.trim();
    const at = text.indexOf("proxy");
    const s = snippet(text, [[at, at + 5]], 120);
    expect(s.text.startsWith("… ")).toBe(true);
    expect(s.text.endsWith(" …")).toBe(true);
    expect(s.text.slice(s.marks[0]![0], s.marks[0]![1])).toBe("proxy");
  });
});

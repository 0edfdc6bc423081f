/**
 * The site search's terms (docs/decisions/0030), made the same way for a document when it is
 * indexed and for a query when it is searched, so the two always meet:
 * - NFKC (full-width Latin and half-width kana become ordinary letters), then the Thai and Lao
 *   "am" vowel put back together (NFKC splits it into two marks, which ICU's Thai dictionary does
 *   not know), then lower case by the language's own rules (Turkish dotted and dotless i);
 * - words by `Intl.Segmenter(<language>, { granularity: "word" })`, keeping the word-like
 *   segments: ICU's dictionaries split Chinese, Japanese and Thai, which have no spaces;
 * - for runs of Chinese characters and kana, also every overlapping pair of characters, so a word
 *   inside a compound that the dictionary kept whole (or cut elsewhere) is still found.
 */
import { getLanguage, LANG_KEYS, type LangKey } from "~/i18n/languages";

/** Longer "words" (hashes, long URLs) are not terms: nobody searches for them, and a tsvector lexeme has a size limit. */
export const MAX_TERM_LENGTH = 60;
/** A query is at most this many words (the rest is ignored): each word is a condition of the search. */
export const MAX_QUERY_WORDS = 8;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;

const segmenters = new Map<LangKey, Intl.Segmenter>();
function segmenter(lang: LangKey): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) segmenters.set(lang, (s = new Intl.Segmenter(getLanguage(lang).tag, { granularity: "word" })));
  return s;
}

const ASCII = /^[\p{ASCII}]*$/u;
/** The site's languages whose lower case differs from Unicode's default (ICU's special casing, e.g. Turkish dotted and dotless i). */
const OWN_LOWER_CASE = new Set(LANG_KEYS.filter((lang) => ["tr", "az", "lt"].includes(getLanguage(lang).tag.split("-")[0]!)));

/**
 * Lower case in the language's rules: `toLocaleLowerCase(tag)`, by the quicker `toLowerCase` in
 * every language that has no rules of its own (a search page lower-cases every word it highlights).
 */
function lowerCase(text: string, lang: LangKey): string {
  return OWN_LOWER_CASE.has(lang) ? text.toLocaleLowerCase(getLanguage(lang).tag) : text.toLowerCase();
}

/**
 * NFKC, the Thai and Lao "am" whole again, lower case in the language's rules. ASCII is its own
 * NFKC form, so it is only lower-cased.
 */
export function normalizeText(text: string, lang: LangKey): string {
  if (ASCII.test(text)) return lowerCase(text, lang);
  return lowerCase(
    text
      .normalize("NFKC")
      .replace(/\u0e4d\u0e32/g, "\u0e33")
      .replace(/\u0ecd\u0eb2/g, "\u0eb3"),
    lang,
  );
}

export interface Word {
  /** The term: the normalised word. */
  term: string;
}

function usable(term: string): boolean {
  return term.length > 0 && term.length <= MAX_TERM_LENGTH;
}

/** The words of a text, normalised then segmented. */
export function words(text: string, lang: LangKey): Word[] {
  const out: Word[] = [];
  for (const s of segmenter(lang).segment(normalizeText(text, lang))) {
    if (s.isWordLike && usable(s.segment)) out.push({ term: s.segment });
  }
  return out;
}

/** Every overlapping pair of characters of each run of Chinese characters and kana. */
export function cjkBigrams(normalized: string): string[] {
  const out: string[] = [];
  for (const run of normalized.match(CJK_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** Thai, Lao, Myanmar and Khmer: written without spaces between words, cut by dictionary like CJK (but no pairs). */
const UNSPACED = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/u;

/** Which unspaced script a segment is in, for joining a query's adjacent segments into the word as typed. */
function unspacedScript(term: string): "cjk" | "sea" | null {
  return CJK.test(term) ? "cjk" : UNSPACED.test(term) ? "sea" : null;
}

export function isCjk(term: string): boolean {
  return CJK.test(term);
}

/** Up to this many adjacent pieces of a Thai (Lao, Khmer, Myanmar) run are also joined into one term. */
const SEA_JOIN = 3;

/**
 * A text's terms, distinct: its words, its CJK character pairs, and in Thai-like scripts the
 * joins of 2 or 3 adjacent pieces of a run (the dictionary cuts a word differently by context:
 * "แพ็กเกจ" alone is แพ็ก|เกจ, before ที่ it is แพ็ก|เก|จ; the join is the word either way).
 */
export function documentTerms(text: string, lang: LangKey): string[] {
  const normalized = normalizeText(text, lang);
  const terms = new Set<string>();
  const pieces: { term: string; start: number; end: number; sea: boolean }[] = [];
  for (const s of segmenter(lang).segment(normalized)) {
    if (!s.isWordLike || !usable(s.segment)) continue;
    terms.add(s.segment);
    pieces.push({ term: s.segment, start: s.index, end: s.index + s.segment.length, sea: unspacedScript(s.segment) === "sea" });
  }
  for (let i = 0; i < pieces.length; i++) {
    let joined = pieces[i]!.term;
    for (let j = i + 1; j < Math.min(pieces.length, i + SEA_JOIN); j++) {
      const prev = pieces[j - 1]!;
      const next = pieces[j]!;
      if (!prev.sea || !next.sea || prev.end !== next.start) break;
      joined += next.term;
      if (usable(joined)) terms.add(joined);
    }
  }
  for (const b of cjkBigrams(normalized)) terms.add(b);
  return [...terms];
}

/** A document's terms: its title's, and its body's that are not already the title's (each term counted once per document). */
export function titleAndBodyTerms(title: string, body: string, lang: LangKey): { titleTerms: string[]; bodyTerms: string[] } {
  const titleTerms = documentTerms(title, lang);
  const inTitle = new Set(titleTerms);
  return { titleTerms, bodyTerms: documentTerms(body, lang).filter((t) => !inTitle.has(t)) };
}

export interface QueryWord {
  /** The word's own term (for a run of Chinese or Japanese characters: the whole run). */
  term: string;
  /** A CJK or Thai run the segmenter cut into several words: also found where all of them are terms. */
  parts: string[];
  /** A CJK word or run longer than two characters: also found where all of its character pairs are terms. */
  bigrams: string[];
}

/**
 * A query's words: every one is required, in any order and at any distance. The same word twice
 * is one condition; at most MAX_QUERY_WORDS. Adjacent segments of a script written without
 * spaces (Chinese, Japanese, Thai…) form one word, the run as typed: its condition is the run as
 * one term or all of its pieces (and for CJK all of its character pairs), so a compound is found
 * whether the dictionary cut it the same way in the text or not.
 */
export function queryWords(query: string, lang: LangKey): QueryWord[] {
  const normalized = normalizeText(query, lang);
  const groups: { terms: string[]; end: number; script: "cjk" | "sea" | null }[] = [];
  for (const s of segmenter(lang).segment(normalized)) {
    if (!s.isWordLike || !usable(s.segment)) continue;
    const script = unspacedScript(s.segment);
    const last = groups[groups.length - 1];
    if (script && last?.script === script && last.end === s.index) {
      last.terms.push(s.segment);
      last.end = s.index + s.segment.length;
    } else groups.push({ terms: [s.segment], end: s.index + s.segment.length, script });
  }
  const seen = new Set<string>();
  const out: QueryWord[] = [];
  for (const g of groups) {
    const term = g.terms.join("");
    if (seen.has(term) || !usable(term)) continue;
    seen.add(term);
    out.push({
      term,
      parts: g.terms.length > 1 ? [...new Set(g.terms)] : [],
      bigrams: g.script === "cjk" && [...term].length > 2 ? [...new Set(cjkBigrams(term))] : [],
    });
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}

/** A query as it is logged and counted: normalised, single spaces, at most 100 characters. */
export function normalizeQuery(query: string, lang: LangKey): string {
  return normalizeText(query, lang).trim().replace(/\s+/g, " ").slice(0, 100);
}

/** A lexeme in tsquery input syntax: quoted, with its quotes and backslashes escaped, so no word is ever read as an operator. */
export function quoteLexeme(term: string): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** Levenshtein distance, stopping early past `limit` (returns limit + 1). Counts code points, not UTF-16 units. */
export function editDistance(a: string, b: string, limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[y.length]!;
}

/** How many edits away a lexicon term may be from a query word of this many letters: none under 5, 1 from 5, 2 from 9. */
export function allowedEdits(word: string): number {
  const n = [...word].length;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/** What a search matched, for highlighting: terms as they are, stems (word beginnings) and CJK strings. */
export interface MatchedTerms {
  terms: readonly string[];
  stems: readonly string[];
}

/**
 * The ranges (UTF-16 offsets into `text` as written) of the words that a search matched, in
 * order and not overlapping. A word matches when its term is one the search matched, or begins
 * with a matched stem of 3+ letters (a word form); Chinese and Japanese query words are found as
 * they are written inside longer runs. With `within`, the words are looked for no further than
 * that many characters past the first match (all a snippet of that length can show): a long body
 * is not cut into words to its end.
 */
export function matchRanges(text: string, lang: LangKey, matched: MatchedTerms, within = Infinity): [number, number][] {
  const terms = new Set(matched.terms);
  const stems = matched.stems.filter((s) => [...s].length >= 3);
  const ranges: [number, number][] = [];
  // Thai is found by its whole matched words in the text: the dictionary's pieces of a word
  // (พร็|อก|ซี) also occur inside unrelated words, where marking them would be noise.
  const thai = (term: string) => /\p{Script=Thai}/u.test(term);
  // Chinese and Japanese words (and whole Thai words) inside runs first: they can be the first match.
  const cjk = matched.terms.filter((t) => isCjk(t) || (thai(t) && [...t].length >= 3));
  if (cjk.length) {
    const lower = lowerCase(text, lang);
    for (const term of cjk) {
      for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length)) ranges.push([at, at + term.length]);
    }
  }
  let first = Math.min(...ranges.map((r) => r[0]));
  // Only such words and no stems: the search inside runs found every word the segments would.
  const segments = stems.length || matched.terms.some((t) => !isCjk(t) && !thai(t)) ? segmenter(lang).segment(text) : [];
  for (const s of segments) {
    if (s.index > first + within) break;
    if (!s.isWordLike) continue;
    const term = normalizeText(s.segment, lang);
    if (thai(term)) continue;
    if (terms.has(term) || stems.some((stem) => term.startsWith(stem))) {
      ranges.push([s.index, s.index + s.segment.length]);
      first = Math.min(first, s.index);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    // Touching ranges are one mark: a Thai or Japanese word the dictionary cut in pieces is highlighted whole.
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** How many characters of a body a search result shows around its first match. */
export const SNIPPET_LENGTH = 220;

/**
 * A window of `text` (whitespace already flattened) of about `length` characters around its first
 * match (or its start), cut at spaces where there are any, with the match ranges moved into it.
 * Ellipses mark the cuts.
 */
export function snippet(text: string, ranges: [number, number][], length = SNIPPET_LENGTH): { text: string; marks: [number, number][] } {
  if (text.length <= length) return { text, marks: ranges };
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = text.lastIndexOf(" ", start);
    if (space > start - 20 && space >= 0) start = space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > end - 20 && space > start) end = space;
  }
  const prefix = start > 0 ? "… " : "";
  const suffix = end < text.length ? " …" : "";
  const marks = ranges.filter(([a, b]) => a >= start && b <= end).map(([a, b]) => [a - start + prefix.length, b - start + prefix.length] as [number, number]);
  return { text: prefix + text.slice(start, end) + suffix, marks };
}

import { z } from "zod";
import { SEARCH_COUNT_CAP } from "@contracts/search-types";
import { SEARCH_KINDS } from "../../db/schema";
import { noteSearchMiss, search } from "../../services/search.server";
import { defineEndpoint, LangParam, PageParams } from "../endpoint.server";

const Range = z.tuple([z.number().int(), z.number().int()]);

export const SearchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int().describe("The item's id in its own kind (article, help article, FAQ question, release, use case)"),
  key: z.string().describe("The same for every language version of the item"),
  lang: z.string().describe("The language of this version"),
  fallback: z.boolean().describe("true: the item has no version in the requested language; this one is from its fallback chain (tc → zh → en; others → en)"),
  path: z.string().describe("The page, without language prefix: /helps/12, /faq#slug, /blog/34, /news/35, /release/5, /scenarios/traffic"),
  title: z.string(),
  excerpt: z.string().describe("Plain text: the summary, or the passage around the first match"),
  title_marks: z.array(Range).describe("Matched words in title as [start, end) offsets in UTF-16 code units"),
  excerpt_marks: z.array(Range).describe("Matched words in excerpt, likewise"),
  match: z.enum(["exact", "stem", "near"]).describe("How the words matched: as written, as a word form, or one or two letters apart"),
  in_title: z.boolean(),
  published_at: z.string().nullable(),
});

export const siteSearch = defineEndpoint({
  methods: ["get"],
  path: "/search",
  summary:
    "The site search over help articles, FAQ, blog, news, release notes and use cases: every word of `q` is required (any order and distance), as written, as a word form (languages with a stemmer) or one letter apart (words of 5+ letters); Chinese, Japanese and Thai are split into words. Title matches first, then exact before word forms before near matches, then relevance and recency. The language's own items first; an item without a version in the language comes from its fallback chain, marked `fallback`. `groups` counts the matches per kind, each up to " +
    SEARCH_COUNT_CAP +
    ' (then `capped`, shown as "' +
    SEARCH_COUNT_CAP +
    '+"); of each kind, as many title matches and as many other matches are ranked (those with the most words in the title, then the newest), so every page the counts reach is full. `kind` keeps one kind. A search without results is recorded for editors',
  tag: "search",
  input: z.object({
    lang: LangParam,
    q: z.string().trim().min(1).max(100),
    kind: z.enum(SEARCH_KINDS).optional(),
    ...PageParams,
  }),
  output: z.object({
    query: z.string(),
    groups: z.array(
      z.object({
        kind: z.enum(SEARCH_KINDS),
        count: z.number().int(),
        capped: z.boolean().describe(`true: at least \`count\` matched; each kind is counted up to ${SEARCH_COUNT_CAP}`),
      }),
    ),
    list: z.array(SearchHitSchema),
    total: z.number().int(),
    total_capped: z.boolean().describe("true: at least `total` matched (a kind's count reached the cap)"),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
  errors: ["fieldRequired", "invalidValue"],
  async handler({ lang, q, kind, page, page_size }, { db, logger, req }) {
    const result = await search(db, { q, lang, kinds: kind ? [kind] : undefined, page, pageSize: page_size });
    if (result.total === 0 && page === 1) void noteSearchMiss(db, logger, { lang, scope: "site", query: q, ip: req.ip });
    return result;
  },
});

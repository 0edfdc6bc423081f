import { z } from "zod";
import { isbot } from "isbot";
import { getHelpArticle, helpVoteSummary, listHelpArticles, recordHelpView, voteOnHelpArticle } from "../../services/help.server";
import { noteSearchMiss } from "../../services/search.server";
import { getSecret } from "../../infrastructure/secrets.server";
import { spendAllowance } from "../../infrastructure/abuse-limits.server";
import { visitorHash } from "../../infrastructure/visitors.server";
import { hashVisitorId, issueVisitorId, readVisitorId } from "../../http/visitor-id.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam, PageParams, paged } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const Id = IdParam;
const CategoryRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const HelpSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  category: CategoryRef,
  updated_at: z.string(),
  views: z.number().int(),
  solved_count: z.number().int(),
  unsolved_count: z.number().int(),
});
const Neighbour = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const helpArticleList = defineEndpoint({
  methods: ["get"],
  path: "/help/article-list",
  summary:
    "Published help articles in the language; `keyword`: the site search scoped to help (words in any order, word forms, one-letter typos; title matches first); searches without results are recorded for editors",
  tag: "help",
  input: z.object({
    lang: LangParam,
    category_id: Id.optional(),
    keyword: z.string().trim().max(100).optional(),
    sort: z.enum(["latest", "popular"]).default("latest"),
    ...PageParams,
  }),
  output: paged(HelpSummarySchema),
  errors: ["fieldRequired"],
  async handler({ lang, category_id, keyword, sort, page, page_size }, { db, logger, req }) {
    const result = await listHelpArticles(db, { lang, categoryId: category_id, keyword: keyword || undefined, sort, page, pageSize: page_size });
    if (keyword && result.total === 0) {
      void noteSearchMiss(db, logger, { lang, scope: "help", query: keyword, ip: req.ip });
    }
    return result;
  },
});

export const helpArticle = defineEndpoint({
  methods: ["get"],
  path: "/help/article",
  summary: "One published help article with previous/next in its category and related articles",
  tag: "help",
  input: z.object({ lang: LangParam, id: Id }),
  output: HelpSummarySchema.extend({
    content: z.string().describe("Sanitised HTML"),
    toc: z.array(z.object({ id: z.string(), text: z.string(), depth: z.number().int() })),
    author: z.string(),
    seo_title: z.string(),
    seo_keywords: z.string(),
    seo_description: z.string(),
    prev: Neighbour,
    next: Neighbour,
    related: z.array(HelpSummarySchema),
  }),
  errors: ["articleNotFound", "fieldRequired"],
  async handler({ id }, { db }) {
    const found = await getHelpArticle(db, id);
    if (!found) throw new ApiError("articleNotFound");
    const { translations: _t, lang: _l, ...article } = found;
    return article;
  },
});

export const helpArticleSolve = defineEndpoint({
  methods: ["post"],
  path: "/help/article/solve",
  summary:
    "Did this article solve the visitor's problem? One vote per visitor (first-party cookie) and article; voting again changes the vote. Without the visitor cookie this server issued: 10400, with the cookie set, so a browser sends the vote again and it counts. `feedback`: what was missing (optional, with an unsolved vote)",
  tag: "help",
  input: z.object({
    lang: LangParam,
    id: Id,
    solved: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
    feedback: z.string().trim().max(1000).default(""),
  }),
  output: z.object({ solved_count: z.number().int(), unsolved_count: z.number().int(), vote: z.enum(["solved", "unsolved"]) }),
  errors: ["fieldRequired", "articleNotFound", "cookiesRequired", "tooManyRequests", "tooManyRecent"],
  async handler({ id, solved, feedback }, { db, req, res }) {
    const key = await getSecret(db, "visitor-id");
    const visitor = readVisitorId(req, key);
    if (!visitor?.signed) {
      // A vote without the cookie would be a new visitor every time (docs/decisions/0013): the
      // cookie comes with the refusal, and a browser that keeps it votes with the next request.
      issueVisitorId(req, res, key, visitor?.id);
      throw new ApiError("cookiesRequired");
    }
    const voter = hashVisitorId(visitor.id, key);
    const outcome = await voteOnHelpArticle(db, { articleId: id, voter, solved, feedback: solved ? "" : feedback, ip: req.ip });
    if (!outcome.ok) throw new ApiError("articleNotFound");
    const { ok: _ok, ...counts } = outcome;
    return counts;
  },
});

export const helpArticleView = defineEndpoint({
  methods: ["post"],
  path: "/help/article/view",
  summary:
    "Sent by a help article's page once it is shown (pages are cached): counts a view (once per visitor and day; crawlers are not counted) and answers the vote counts with this visitor's own vote (null: none) and whether it has the visitor cookie a vote needs (`voter`)",
  tag: "help",
  input: z.object({ lang: LangParam, id: Id }),
  output: z.object({
    solved_count: z.number().int(),
    unsolved_count: z.number().int(),
    vote: z.enum(["solved", "unsolved"]).nullable(),
    voter: z.boolean().describe("false: ask help/voter for the visitor cookie before voting"),
  }),
  errors: ["fieldRequired", "invalidValue", "tooManyRequests", "tooManyRecent"],
  async handler({ id }, { db, req }) {
    const userAgent = req.headers["user-agent"] ?? "";
    const key = await getSecret(db, "visitor-id");
    const visitor = readVisitorId(req, key);
    const voter = visitor ? hashVisitorId(visitor.id, key) : null;
    if (!isbot(userAgent)) {
      await db.transaction((tx) => spendAllowance(tx, "read", { ip: req.ip }));
      await recordHelpView(db, id, await visitorHash(db, req.ip, userAgent));
    }
    return { ...(await helpVoteSummary(db, id, voter)), voter: visitor?.signed === true };
  },
});

export const helpVoter = defineEndpoint({
  methods: ["post"],
  path: "/help/voter",
  summary:
    "Sets the visitor cookie a help vote needs (first-party, HttpOnly, signed; an id from before signing is kept). The page asks for it when a visitor without one votes, so the cookie is set only once the visitor acts. Answers 204",
  tag: "help",
  noContent: true,
  input: z.object({ lang: LangParam }),
  output: z.null(),
  errors: [],
  async handler(_input, { db, req, res }) {
    const key = await getSecret(db, "visitor-id");
    const visitor = readVisitorId(req, key);
    if (!visitor?.signed) issueVisitorId(req, res, key, visitor?.id);
    return null;
  },
});

import { noteSearchMiss } from "../../services/search.server";
import { z } from "zod";
import { SEARCH_COUNT_CAP } from "@contracts/search-types";
import { ARTICLE_TYPES } from "../../db/schema";
import { isbot } from "isbot";
import { getArticle, listArticleCategories, listArticles, listArticleTags, recordRead, relatedArticles } from "../../services/articles.server";
import { addComment, COMMENT_LIMITS, listComments } from "../../services/comments.server";
import { verifyPreviewToken } from "../../infrastructure/previews.server";
import { AbuseLimitExceeded, spendAllowance } from "../../infrastructure/abuse-limits.server";
import { visitorHash } from "../../infrastructure/visitors.server";
import { isDatabaseUnavailable } from "../../db/client.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam, PageParams, paged } from "../endpoint.server";
import { IdParam, wholeNumber } from "@contracts/whole-numbers";

const Type = z.enum(ARTICLE_TYPES);
const Slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(80);
const Id = IdParam;
const NamedSchema = z.object({ slug: z.string(), name: z.string() });
const CountedSchema = NamedSchema.extend({ count: z.number().int() });
export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  author: z.string(),
  reads: z.number().int(),
  category: NamedSchema,
  tags: z.array(NamedSchema),
  published_at: z.string(),
});
const CommentSchema = z.object({ id: z.number().int(), name: z.string(), content: z.string(), created_at: z.string(), is_popular: z.boolean() });

export const articleCategoryList = defineEndpoint({
  methods: ["get"],
  path: "/home/article-category-list",
  summary: "Blog or news categories with the number of published articles in the language",
  tag: "articles",
  input: z.object({ lang: LangParam, type: Type }),
  output: z.array(CountedSchema),
  errors: ["fieldRequired"],
  handler: ({ lang, type }, { db }) => listArticleCategories(db, type, lang),
});

export const articleTags = defineEndpoint({
  methods: ["get"],
  path: "/home/article-tags",
  summary: "Tags used by published articles of a type (optionally in one category), in the language",
  tag: "articles",
  input: z.object({ lang: LangParam, type: Type, category: Slug.optional() }),
  output: z.array(CountedSchema),
  errors: ["fieldRequired"],
  handler: ({ lang, type, category }, { db }) => listArticleTags(db, type, lang, category),
});

export const articleList = defineEndpoint({
  methods: ["get"],
  path: "/home/article-list",
  summary:
    "Published articles, newest first; `keyword`: the site search scoped to the type (words in any order, word forms, one-letter typos; title matches first); searches without results are recorded for editors",
  tag: "articles",
  input: z.object({
    lang: LangParam,
    type: Type,
    category: Slug.optional(),
    tag: Slug.optional(),
    keyword: z.string().trim().max(100).optional(),
    ...PageParams,
  }),
  output: paged(ArticleSummarySchema).extend({
    total_capped: z
      .boolean()
      .optional()
      .describe(`With \`keyword\`: true when at least \`total\` matched (a search counts up to ${SEARCH_COUNT_CAP}); absent without one`),
  }),
  errors: ["fieldRequired"],
  async handler({ lang, type, category, tag, keyword, page, page_size }, { db, logger, req }) {
    const result = await listArticles(db, { lang, type, category, tag, keyword: keyword || undefined, page, pageSize: page_size });
    if (keyword && result.total === 0) void noteSearchMiss(db, logger, { lang, scope: type, query: keyword, ip: req.ip });
    return result;
  },
});

export const ArticleDetailSchema = ArticleSummarySchema.extend({
  type: Type,
  content: z.string().describe("Sanitised HTML"),
  toc: z.array(z.object({ id: z.string(), text: z.string(), depth: z.number().int() })),
  updated_at: z.string(),
  seo_title: z.string(),
  seo_keywords: z.string(),
  seo_description: z.string(),
  prev: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  next: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  latest: z.array(ArticleSummarySchema),
  preview: z.boolean(),
});

export const article = defineEndpoint({
  methods: ["get"],
  path: "/home/article",
  summary: "One article with previous/next and the latest five; unpublished ones only with a valid preview token",
  tag: "articles",
  input: z.object({ lang: LangParam, id: Id, preview: z.string().max(200).optional() }),
  output: ArticleDetailSchema,
  errors: ["articleNotFound", "fieldRequired"],
  async handler({ id, preview }, { db }) {
    const found = await getArticle(db, id, { preview: await verifyPreviewToken(db, id, preview) });
    if (!found) throw new ApiError("articleNotFound");
    const { lang: _lang, key: _key, translations: _translations, ...rest } = found;
    return rest;
  },
});

export const articleRelatedList = defineEndpoint({
  methods: ["get"],
  path: "/home/article-related-list",
  summary: "Articles related to one (shared tags, then category), same type and language",
  tag: "articles",
  input: z.object({ lang: LangParam, id: Id, limit: wholeNumber(1, 12).default(4) }),
  output: z.array(ArticleSummarySchema),
  errors: ["fieldRequired"],
  handler: ({ id, limit }, { db }) => relatedArticles(db, id, limit),
});

export const articleCommentList = defineEndpoint({
  methods: ["get"],
  path: "/home/article-comment-list",
  summary: "An article's comments, newest first or popular first, paged",
  tag: "comments",
  input: z.object({ lang: LangParam, article_id: Id, sort: z.enum(["latest", "popular"]).default("latest"), ...PageParams }),
  output: paged(CommentSchema).extend({ has_more: z.boolean() }),
  errors: ["fieldRequired"],
  handler: ({ article_id, sort, page, page_size }, { db }) => listComments(db, article_id, { page, pageSize: page_size, sort }),
});

/** Blank after trimming counts as empty (10100), so "   " is refused like "". */
const requiredText = (max: number) => z.string().trim().min(1).max(max);

export const addArticleComment = defineEndpoint({
  methods: ["post"],
  path: "/home/article-comment",
  summary: "Post a comment (plain text, stored as written, always rendered escaped)",
  tag: "comments",
  input: z.object({
    lang: LangParam,
    article_id: Id,
    name: requiredText(COMMENT_LIMITS.nameMax),
    content: requiredText(COMMENT_LIMITS.contentMax),
    /** Honeypot: hidden from people; a bot that fills it is answered as if stored, and nothing is stored. */
    website: z.string().max(500).optional(),
  }),
  output: CommentSchema,
  errors: ["fieldRequired", "articleNotFound", "tooManyRequests", "tooManyRecent", "commentFailed"],
  async handler({ article_id, name, content, website }, { db, req, logger }) {
    if (website) {
      logger.info({ article_id }, "honeypot comment dropped");
      return { id: 0, name, content, created_at: new Date().toISOString().slice(0, 19) + "Z", is_popular: false };
    }
    let outcome;
    try {
      outcome = await addComment(db, { articleId: article_id, name, content, ip: req.ip });
    } catch (err) {
      if (err instanceof AbuseLimitExceeded || isDatabaseUnavailable(err)) throw err;
      logger.error({ err, article_id }, "storing a comment failed");
      throw new ApiError("commentFailed");
    }
    if (!outcome.ok) throw new ApiError("articleNotFound");
    return outcome.comment;
  },
});

export const articleRead = defineEndpoint({
  methods: ["post"],
  path: "/home/article-read",
  summary:
    "Count a read of an article: sent by the page once it is shown (pages are cached, so the server does not count them as it renders). Once per visitor and day; crawlers are not counted. Answers 204",
  tag: "articles",
  noContent: true,
  input: z.object({ lang: LangParam, id: Id }),
  output: z.null(),
  errors: ["fieldRequired", "invalidValue", "tooManyRequests", "tooManyRecent"],
  async handler({ id }, { db, req }) {
    const userAgent = req.headers["user-agent"] ?? "";
    if (isbot(userAgent)) return null;
    await db.transaction((tx) => spendAllowance(tx, "read", { ip: req.ip }));
    await recordRead(db, id, await visitorHash(db, req.ip, userAgent));
    return null;
  },
});

/**
 * Database schema. Per-language data follows one pattern (docs/decisions/0005):
 * language-neutral rows carry ids, slugs and ordering; their texts live in a `*_translations`
 * table keyed by (owner id, lang). Content written separately per language (articles, later)
 * carries its own `lang` column instead.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { SearchKind } from "@contracts/search-types";
import type { ClientSystem } from "@contracts/release-checksums";
import type { DrawingName } from "../../app/components/drawings/names";

export const languages = pgTable("languages", {
  key: text("key").primaryKey(),
  tag: text("tag").notNull(),
  nativeName: text("native_name").notNull(),
  dir: text("dir").notNull().default("ltr"),
  sort: integer("sort").notNull().default(0),
});

/** The base-info fields of spec section 3, one row per page type and language. */
export const siteSettings = pgTable(
  "site_settings",
  {
    page: text("page").notNull().default("home"),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    title: text("title").notNull(),
    keywords: text("keywords").notNull().default(""),
    description: text("description").notNull().default(""),
    statisticalBody: text("statistical_body").notNull().default(""),
    statisticalTitle: text("statistical_title").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.page, t.lang] })],
);

export const CATEGORY_TYPES = ["help", "blog", "news"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    type: text("type").$type<CategoryType>().notNull(),
    slug: text("slug").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
    sort: integer("sort").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("categories_type_slug_unique").on(t.type, t.slug),
    check("categories_type_check", sql`${t.type} in ('help', 'blog', 'news')`),
    check("categories_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] })],
);

export const ARTICLE_TYPES = ["blog", "news"] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
  },
  (t) => [check("tags_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const tagTranslations = pgTable(
  "tag_translations",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.lang] })],
);

/**
 * One row per language version (docs/decisions/0005): languages have different numbers of
 * articles; versions of one piece share `key`. `search_text` is title, summary and plain body,
 * indexed with pg_trgm so search works in scripts without spaces (Chinese, Japanese, Thai).
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    type: text("type").$type<ArticleType>().notNull(),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    key: text("key").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    contentHtml: text("content_html").notNull(),
    toc: jsonb("toc").$type<{ id: string; text: string; depth: number }[]>().notNull().default([]),
    searchText: text("search_text").notNull().default(""),
    cover: text("cover"),
    author: text("author").notNull(),
    reads: integer("reads").notNull().default(0),
    status: text("status").$type<"published" | "draft">().notNull().default("published"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    seoTitle: text("seo_title").notNull().default(""),
    seoKeywords: text("seo_keywords").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    sourceHash: text("source_hash").notNull(),
  },
  (t) => [
    unique("articles_lang_type_key_unique").on(t.lang, t.type, t.key),
    check("articles_type_check", sql`${t.type} in ('blog', 'news')`),
    check("articles_status_check", sql`${t.status} in ('published', 'draft')`),
    // Listing order (newest first) for a type and language; `published_at > now()` (scheduled) is a range of it too.
    index("articles_published_idx")
      .on(t.type, t.lang, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // The same within one category (a category has one type); updated_at for the category page's lastmod, index-only.
    index("articles_category_published_idx")
      .on(t.categoryId, t.lang, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.updatedAt)
      .where(sql`${t.status} = 'published'`),
    // Sitemaps walk a language in id order and need only these columns (index-only).
    index("articles_sitemap_idx")
      .on(t.type, t.lang, t.id, t.publishedAt, t.updatedAt)
      .where(sql`${t.status} = 'published'`),
    // The language versions of one piece (hreflang alternates).
    index("articles_key_idx")
      .on(t.type, t.key)
      .where(sql`${t.status} = 'published'`),
    // Scheduled articles (published, publication time ahead) across every type and language.
    index("articles_scheduled_idx")
      .on(t.publishedAt)
      .where(sql`${t.status} = 'published'`),
    index("articles_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

export const articleTags = pgTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tagId] }),
    // A tag's articles, newest (highest id) first: related articles take a bounded number per tag.
    index("article_tags_tag_article_idx").on(t.tagId, t.articleId),
  ],
);

/**
 * Each tag's published articles (status only, as article_counts) with what a tag page sorts and
 * filters them by, kept by triggers on articles and article_tags (drizzle/0017_tag_listing.sql) in
 * the same transaction as the change: a tag page walks its own entries in order instead of the
 * language's articles looking for the tag, which read more the rarer the tag. docs/decisions/0037.
 */
export const articleTagListing = pgTable(
  "article_tag_listing",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    type: text("type").$type<ArticleType>().notNull(),
    lang: text("lang").notNull(),
    categoryId: integer("category_id").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.articleId] }),
    index("article_tag_listing_order_idx").on(t.tagId, t.type, t.lang, t.publishedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst()),
    // The scheduled ones of a tag (its page's total and languages): a short range, read from the index alone.
    index("article_tag_listing_scheduled_idx").on(t.tagId, t.type, t.publishedAt, t.lang),
    index("article_tag_listing_article_idx").on(t.articleId),
  ],
);

/**
 * Published articles per type, language, category and tag (tag 0: the articles themselves), kept
 * by triggers on articles and article_tags (drizzle/0012_queries_at_scale.sql) in the same
 * transaction as the change, so category and tag counts never count rows. "Published" here is the
 * status alone: readers subtract the scheduled ones (publication time still ahead, a short index
 * range), since time passing changes no row. docs/decisions/0022.
 */
export const articleCounts = pgTable(
  "article_counts",
  {
    type: text("type").$type<ArticleType>().notNull(),
    lang: text("lang").notNull(),
    categoryId: integer("category_id").notNull(),
    tagId: integer("tag_id").notNull(),
    published: integer("published").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.lang, t.tagId, t.categoryId] })],
);

/**
 * One version per type and language of the published articles, bumped from a sequence (so no two
 * ever share a number) by triggers on articles, article_tags and tags (drizzle/0016_flat_at_scale.sql)
 * whenever something a ranking over them reads changes: an article written, removed, moved, published
 * or retagged; never a read or an edited text. docs/decisions/0037.
 */
export const articleListVersions = pgTable(
  "article_list_versions",
  {
    type: text("type").$type<ArticleType>().notNull(),
    lang: text("lang").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.lang] })],
);

/**
 * What a costly but bounded ranking picked (an article's related articles, a use case's articles),
 * kept until its type and language's version changes or a scheduled article of theirs comes due
 * after `computed_at`: until then the same statement would pick the same ids. docs/decisions/0037.
 */
export const articlePicks = pgTable("article_picks", {
  key: text("key").primaryKey(),
  type: text("type").$type<ArticleType>().notNull(),
  lang: text("lang").notNull(),
  ids: integer("ids").array().notNull(),
  version: bigint("version", { mode: "number" }).notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/** Shown (not hidden) comments per article, kept by a trigger on comments in the same transaction. docs/decisions/0037. */
export const articleCommentCounts = pgTable(
  "article_comment_counts",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    shown: integer("shown").notNull().default(0),
    /**
     * Every comment, hidden ones too, and the newest one's time (drizzle/0021): the staff's
     * moderation filter lists the most recently commented articles without counting every comment.
     */
    total: integer("total").notNull().default(0),
    latest: timestamp("latest", { withTimezone: true }),
  },
  (t) => [
    index("article_comment_counts_latest_idx")
      .on(t.latest.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.total} > 0`),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    content: text("content").notNull(),
    isPopular: boolean("is_popular").notNull().default(false),
    /** Hidden by staff (docs/decisions/0020): kept for the record, never shown or counted on the site. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** A keyed hash of the visitor's address: enough to rate-limit, not enough to identify. */
    visitorHash: text("visitor_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("comments_article_idx").on(t.articleId, t.createdAt.desc()),
    // What the site shows of an article's comments, newest first, and their count (index-only).
    index("comments_shown_idx")
      .on(t.articleId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hiddenAt} is null`),
    index("comments_visitor_idx").on(t.visitorHash, t.createdAt),
    // The staff area: every comment newest first, the last week's count, and the hidden ones.
    index("comments_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("comments_hidden_idx")
      .on(t.hiddenAt)
      .where(sql`${t.hiddenAt} is not null`),
  ],
);

/**
 * Abuse limits (server/infrastructure/abuse-limits.server.ts): one GCRA cell per (rule, subject), in
 * PostgreSQL so a limit holds across restarts and across every server process.
 */
export const abuseLimits = pgTable(
  "abuse_limits",
  {
    rule: text("rule").notNull(),
    /** A keyed hash of the client address, "target:<id>", or "site". */
    subject: text("subject").notNull(),
    /** Theoretical arrival time: the cell is full while it lies more than the rule's period ahead. */
    tat: timestamp("tat", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.subject] }), index("abuse_limits_tat_idx").on(t.tat)],
);

/** Browsers' reports of Content-Security-Policy violations, for the operators to read. */
export const cspReports = pgTable(
  "csp_reports",
  {
    id: serial("id").primaryKey(),
    documentUri: text("document_uri").notNull().default(""),
    directive: text("directive").notNull().default(""),
    blockedUri: text("blocked_uri").notNull().default(""),
    sample: text("sample").notNull().default(""),
    report: jsonb("report").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("csp_reports_created_idx").on(t.createdAt.desc())],
);

/** Counts each visitor once per article per day. */
export const articleReads = pgTable(
  "article_reads",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.visitorHash, t.day] })],
);

/** Server-held secrets made on first use (the preview-link key), shared by every process. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Help-centre articles (server/services/help.server.ts), one row per language version, imported
 * from content/help/<lang>/<key>.md by the same importer as blog articles. Category = a `help`
 * category. Votes are counted from help_votes, never kept as counters that could drift.
 */
export const helpArticles = pgTable(
  "help_articles",
  {
    id: serial("id").primaryKey(),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    key: text("key").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    sort: integer("sort").notNull().default(0),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    contentHtml: text("content_html").notNull(),
    toc: jsonb("toc").$type<{ id: string; text: string; depth: number }[]>().notNull().default([]),
    searchText: text("search_text").notNull().default(""),
    author: text("author").notNull(),
    views: integer("views").notNull().default(0),
    status: text("status").$type<"published" | "draft">().notNull().default("published"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    seoTitle: text("seo_title").notNull().default(""),
    seoKeywords: text("seo_keywords").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    sourceHash: text("source_hash").notNull(),
  },
  (t) => [
    unique("help_articles_lang_key_unique").on(t.lang, t.key),
    check("help_articles_status_check", sql`${t.status} in ('published', 'draft')`),
    index("help_articles_listing_idx").on(t.lang, t.status, t.categoryId, t.sort),
    index("help_articles_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("help_articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

/** One vote per visitor and article: voting again changes it (the primary key makes a second row impossible). */
export const helpVotes = pgTable(
  "help_votes",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => helpArticles.id, { onDelete: "cascade" }),
    /** The visitor's first-party id (cookie), hashed. */
    voter: text("voter").notNull(),
    solved: boolean("solved").notNull(),
    /** "Unsolved": what was missing, in the visitor's words (optional). */
    feedback: text("feedback").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.voter] }),
    // The staff dashboard's "not solved" votes of the last 30 days.
    index("help_votes_unsolved_idx")
      .on(t.updatedAt)
      .where(sql`not ${t.solved}`),
    // The staff's feedback list: each article's newest texts, read as a range.
    index("help_votes_feedback_idx")
      .on(t.articleId, t.updatedAt.desc().nullsFirst(), t.voter)
      .where(sql`${t.feedback} <> ''`),
  ],
);

/**
 * Each help article's solved and unsolved votes, kept by a trigger on help_votes
 * (drizzle/0012_queries_at_scale.sql) in the same transaction as the vote, so a count still
 * follows the votes exactly and reading it costs one row, however many votes there are.
 */
export const helpVoteCounts = pgTable("help_vote_counts", {
  articleId: integer("article_id")
    .primaryKey()
    .references(() => helpArticles.id, { onDelete: "cascade" }),
  solved: integer("solved").notNull().default(0),
  unsolved: integer("unsolved").notNull().default(0),
  /** Votes that say what was missing, and the newest vote's time (drizzle/0021): the staff's feedback list. */
  feedback: integer("feedback").notNull().default(0),
  lastVoteAt: timestamp("last_vote_at", { withTimezone: true }),
});

/** Counts each visitor once per help article per day. */
export const helpArticleViews = pgTable(
  "help_article_views",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => helpArticles.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.visitorHash, t.day] })],
);

/**
 * Searches that found nothing, site-wide (the site search, and the help centre's, blog's and
 * news' own search boxes: `scope`), one row per language, scope and normalised query, counted,
 * so editors see what visitors look for and do not find (docs/decisions/0030).
 */
export const searchMisses = pgTable(
  "search_misses",
  {
    lang: text("lang").notNull(),
    /** What was searched: "site" (every kind), or the section whose search box it was (help, blog, news). */
    scope: text("scope").notNull(),
    query: text("query").notNull(),
    count: integer("count").notNull().default(1),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lang, t.scope, t.query] }),
    // The staff's two orders (server/services/search.server.ts), and the dashboard's last 30 days.
    index("search_misses_count_idx").on(t.count.desc().nullsFirst(), t.lastSeen.desc().nullsFirst(), t.query),
    index("search_misses_recent_idx").on(t.lastSeen.desc().nullsFirst(), t.count.desc().nullsFirst(), t.query),
  ],
);

/**
 * Legacy documentation paths (spec section 2): each help category's numeric id in the old
 * documentation and its /docs/{slug} path per language group (zh/en, ru, pt, vn).
 */
export const helpCategoryDocs = pgTable(
  "help_category_docs",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    legacyId: integer("legacy_id").notNull(),
    langGroup: text("lang_group").notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.langGroup] }),
    unique("help_category_docs_group_slug_unique").on(t.langGroup, t.slug),
    check("help_category_docs_group_check", sql`${t.langGroup} in ('zh-en', 'ru', 'pt', 'vn')`),
  ],
);

/** The pre-sales schedule: on these weekdays (0 = Sunday), slots of `slotMinutes` from `startTime` to `endTime`, business time. */
export const bookingSchedule = pgTable(
  "booking_schedule",
  {
    id: serial("id").primaryKey(),
    weekday: integer("weekday").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    slotMinutes: integer("slot_minutes").notNull(),
    capacity: integer("capacity").notNull(),
    /** When this weekday's hours last changed (the booking page's lastmod in the sitemap). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_schedule_weekday_check", sql`${t.weekday} between 0 and 6`),
    check(
      "booking_schedule_times_check",
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.startTime} < ${t.endTime}`,
    ),
    check("booking_schedule_slot_check", sql`${t.slotMinutes} between 10 and 480 and ${t.capacity} between 1 and 1000`),
  ],
);

/** Days without slots (holidays), in business time. */
export const bookingClosedDates = pgTable("booking_closed_dates", {
  day: date("day").primaryKey(),
  reason: text("reason").notNull().default(""),
});

/** Bookable slots made from the schedule. `booked` never exceeds `capacity`: the check is the last guard. */
export const bookingSlots = pgTable(
  "booking_slots",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().unique(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    capacity: integer("capacity").notNull(),
    booked: integer("booked").notNull().default(0),
  },
  (t) => [
    check("booking_slots_capacity_check", sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
    check("booking_slots_time_check", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export const BOOKING_STATUSES = ["unsolved", "solved", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => bookingSlots.id),
    company: text("company").notNull(),
    account: text("account").notNull(),
    phone: text("phone").notNull(),
    chatApp: boolean("chat_app").notNull(),
    content: text("content").notNull(),
    contactFrom: text("contact_from").notNull(),
    contactTo: text("contact_to").notNull(),
    lang: text("lang").notNull(),
    status: text("status").$type<BookingStatus>().notNull().default("unsolved"),
    /** A retried submission carries the same key and gets the same booking back. */
    idempotencyKey: text("idempotency_key").unique(),
    clientHash: text("client_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [check("bookings_status_check", sql`${t.status} in ('unsolved', 'solved', 'cancelled')`), index("bookings_slot_idx").on(t.slotId)],
);

/**
 * Messages for staff systems, written in the same transaction as what they announce (a new
 * booking, a cancellation) and delivered to the configured webhook with retries.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    index("outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
    // The staff area finds the announcement of a message or application by its reference.
    index("outbox_topic_reference_idx").on(t.topic, sql`(${t.payload}->>'reference')`),
  ],
);

/**
 * Copy written per language for whole pages (pricing texts, about, links), imported from
 * content/<kind>/<lang>.yaml and validated there; one JSON document per kind and language.
 */
export const pageTexts = pgTable(
  "page_texts",
  {
    kind: text("kind").notNull(),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    data: jsonb("data").notNull(),
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.lang] })],
);

/** FAQ topics and questions: language-neutral slugs and order; texts per language. */
export const faqGroups = pgTable("faq_groups", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  sort: integer("sort").notNull().default(0),
});

export const faqItems = pgTable(
  "faq_items",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => faqGroups.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("faq_items_group_idx").on(t.groupId, t.sort)],
);

export const faqGroupTranslations = pgTable(
  "faq_group_translations",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => faqGroups.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.lang] })],
);

export const faqItemTranslations = pgTable(
  "faq_item_translations",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => faqItems.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    question: text("question").notNull(),
    answerHtml: text("answer_html").notNull(),
    searchText: text("search_text").notNull().default(""),
    /** When the question or answer last changed (the FAQ page's lastmod in the sitemap). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.lang] })],
);

/** Client releases: one row per version; notes per language; files with their real size and SHA-256. */
export const releases = pgTable("releases", {
  id: serial("id").primaryKey(),
  version: text("version").notNull().unique(),
  releasedAt: timestamp("released_at", { withTimezone: true }).notNull(),
});

export const releaseNotes = pgTable(
  "release_notes",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    summary: text("summary").notNull(),
    /** { added: [html], changed: [html], fixed: [html], security: [html] } */
    sections: jsonb("sections").$type<Record<"added" | "changed" | "fixed" | "security", string[]>>().notNull(),
    sourceHash: text("source_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.lang] })],
);

export { CLIENT_SYSTEMS, type ClientSystem } from "@contracts/release-checksums";

export const releaseFiles = pgTable(
  "release_files",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    system: text("system").$type<ClientSystem>().notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.system] }),
    check("release_files_system_check", sql`${t.system} in ('win64', 'win32', 'mac-x64', 'mac-arm64', 'linux')`),
    check("release_files_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    // The verify page finds a visitor's file by its checksum (docs/decisions/0041).
    index("release_files_sha256_idx").on(t.sha256),
  ],
);

/**
 * Each release's checksum list, signed with Ed25519 by `npm run release:add` (docs/decisions/0041).
 * The private key never reaches the database, so a checksum changed here fails the signature.
 */
export const releaseSignatures = pgTable(
  "release_signatures",
  {
    releaseId: integer("release_id")
      .primaryKey()
      .references(() => releases.id, { onDelete: "cascade" }),
    /** The signing key's id: the first 8 bytes of the SHA-256 of its raw public key, in hex. */
    keyId: text("key_id").notNull(),
    /** The 64-byte signature of the release's SHA256SUMS text, in base64. */
    signature: text("signature").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("release_signatures_key_id_check", sql`${t.keyId} ~ '^[0-9a-f]{16}$'`),
    check("release_signatures_signature_check", sql`${t.signature} ~ '^[A-Za-z0-9+/]{86}==$'`),
  ],
);

export const PLAN_KEYS = ["free", "base", "pro", "custom"] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** The price catalogue (server/services/pricing.server.ts): every price the site shows or computes comes from here. */
export const plans = pgTable(
  "plans",
  {
    key: text("key").$type<PlanKey>().primaryKey(),
    sort: integer("sort").notNull(),
    /** Members included (the free super administrator). */
    membersIncluded: integer("members_included").notNull().default(1),
    /** Price of each extra member per month, in US cents; null where extra members are not sold. */
    extraMemberCents: integer("extra_member_cents"),
    /** Custom plans have no list price: they lead to the pre-sales booking. */
    custom: boolean("custom").notNull().default(false),
  },
  (t) => [check("plans_key_check", sql`${t.key} in ('free', 'base', 'pro', 'custom')`)],
);

/** Each plan's profile-count tiers and their monthly price in US cents. */
export const planPrices = pgTable(
  "plan_prices",
  {
    plan: text("plan")
      .$type<PlanKey>()
      .notNull()
      .references(() => plans.key, { onDelete: "cascade" }),
    profiles: integer("profiles").notNull(),
    monthlyCents: integer("monthly_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.plan, t.profiles] }), check("plan_prices_check", sql`${t.profiles} > 0 and ${t.monthlyCents} >= 0`)],
);

/** Settings of the catalogue: the yearly discount and the storage add-on. */
export const pricingSettings = pgTable("pricing_settings", {
  id: integer("id").primaryKey().default(1),
  yearlyDiscountPercent: integer("yearly_discount_percent").notNull(),
  storageAddonProfiles: integer("storage_addon_profiles").notNull(),
  storageAddonMonthlyCents: integer("storage_addon_monthly_cents").notNull(),
});

/** The plan feature matrix (home/power/list): value per plan is "yes", "no" or a value key the texts name. */
export const planFeatures = pgTable("plan_features", {
  key: text("key").primaryKey(),
  group: text("group").notNull(),
  sort: integer("sort").notNull(),
  free: text("free").notNull(),
  base: text("base").notNull(),
  pro: text("pro").notNull(),
  custom: text("custom").notNull(),
});

// ---- use cases, partners, referral (docs/decisions/0015) -------------------------------------

export const USE_CASE_KINDS = ["scenario", "solution"] as const;
export type UseCaseKind = (typeof USE_CASE_KINDS)[number];

/**
 * Use-case pages (/scenarios/{slug}) and solution pages (/solutions/{slug}). `sort` is the
 * previous/next chain of the scenarios; `tags` pick their related blog articles.
 */
export const useCases = pgTable(
  "use_cases",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<UseCaseKind>().notNull(),
    slug: text("slug").notNull().unique(),
    sort: integer("sort").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** Solution pages: the apps they name (brand names, the same in every language). */
    apps: jsonb("apps").$type<string[]>().notNull().default([]),
    /** Which drawing of the product the page shows and shares (app/components/drawings/names.ts). */
    drawing: text("drawing").$type<DrawingName>().notNull().default("profiles"),
  },
  (t) => [
    check("use_cases_kind_check", sql`${t.kind} in ('scenario', 'solution')`),
    check("use_cases_drawing_check", sql`${t.drawing} in ('profiles', 'fingerprint', 'team', 'automation', 'chat')`),
    check("use_cases_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index("use_cases_kind_sort_idx").on(t.kind, t.sort),
  ],
);

export const useCaseTranslations = pgTable(
  "use_case_translations",
  {
    useCaseId: integer("use_case_id")
      .notNull()
      .references(() => useCases.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    seoDescription: text("seo_description").notNull().default(""),
    features: jsonb("features").$type<{ title: string; text: string }[]>().notNull(),
    /** The body split at its level-2 headings: [{ id, title, html }], HTML sanitised. */
    sections: jsonb("sections").$type<{ id: string; title: string; html: string }[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    sourceHash: text("source_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.useCaseId, t.lang] })],
);

export const partnerTypes = pgTable("partner_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  sort: integer("sort").notNull(),
});

export const partnerTypeTranslations = pgTable(
  "partner_type_translations",
  {
    typeId: integer("type_id")
      .notNull()
      .references(() => partnerTypes.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.lang] })],
);

export const partnerRegions = pgTable("partner_regions", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  sort: integer("sort").notNull(),
});

export const partnerRegionTranslations = pgTable(
  "partner_region_translations",
  {
    regionId: integer("region_id")
      .notNull()
      .references(() => partnerRegions.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.lang] })],
);

/** Partners; the id is given by the content (it is the page's address) and never reused. */
export const partners = pgTable(
  "partners",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    typeId: integer("type_id")
      .notNull()
      .references(() => partnerTypes.id),
    website: text("website").notNull(),
    logo: text("logo").notNull(),
    sort: integer("sort").notNull(),
    status: text("status").$type<"published" | "hidden">().notNull().default("published"),
  },
  (t) => [
    check("partners_status_check", sql`${t.status} in ('published', 'hidden')`),
    check("partners_website_check", sql`${t.website} ~ '^https://'`),
    index("partners_type_idx").on(t.typeId, t.sort),
  ],
);

export const partnerRegionLinks = pgTable(
  "partner_region_links",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    regionId: integer("region_id")
      .notNull()
      .references(() => partnerRegions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.regionId] }), index("partner_region_links_region_idx").on(t.regionId)],
);

export const partnerTranslations = pgTable(
  "partner_translations",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    summary: text("summary").notNull(),
    descriptionHtml: text("description_html").notNull(),
    services: jsonb("services").$type<string[]>().notNull(),
    offer: text("offer").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.lang] })],
);

/** Applications to the partner programme (limits: contracts/partner-application-fields.ts); each is announced through the outbox. */
export const partnerApplications = pgTable(
  "partner_applications",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    company: text("company").notNull(),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    website: text("website").notNull(),
    type: text("type").notNull(),
    regions: jsonb("regions").$type<string[]>().notNull(),
    message: text("message").notNull(),
    lang: text("lang").notNull(),
    status: text("status").$type<"new" | "handled">().notNull().default("new"),
    clientHash: text("client_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    check("partner_applications_status_check", sql`${t.status} in ('new', 'handled')`),
    check(
      "partner_applications_length_check",
      sql`char_length(${t.company}) between 1 and 120 and char_length(${t.contactName}) between 1 and 80
        and char_length(${t.email}) between 3 and 254 and char_length(${t.website}) between 8 and 300
        and char_length(${t.message}) between 1 and 3000`,
    ),
    index("partner_applications_created_idx").on(t.createdAt.desc()),
  ],
);

// ---- visitor services: online chat (docs/decisions/0017) -------------------------------------

/**
 * The chat type config per language (api.md "GET third/chat/config"): SS_ROBOT, SS_HUMAN,
 * HUAN_XIN or another value, the script that type loads, and whether the widget opens by itself.
 */
export const chatSettings = pgTable(
  "chat_settings",
  {
    lang: text("lang")
      .primaryKey()
      .references(() => languages.key),
    chatType: text("chat_type").notNull(),
    /** The widget's script: https and .js only. */
    scriptUrl: text("script_url"),
    autostart: boolean("autostart").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("chat_settings_type_check", sql`${t.chatType} ~ '^[A-Z][A-Z0-9_]{1,30}$'`),
    check("chat_settings_script_check", sql`${t.scriptUrl} is null or ${t.scriptUrl} ~ '^https://[^\\s"<>]+\\.js$'`),
  ],
);

/** Messages left through the chat's fallback form when no chat widget could load. */
export const visitorMessages = pgTable(
  "visitor_messages",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    contact: text("contact").notNull(),
    message: text("message").notNull(),
    lang: text("lang").notNull(),
    pageUrl: text("page_url").notNull().default(""),
    status: text("status").$type<"new" | "handled">().notNull().default("new"),
    clientHash: text("client_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    check("visitor_messages_status_check", sql`${t.status} in ('new', 'handled')`),
    check(
      "visitor_messages_length_check",
      sql`char_length(${t.name}) between 1 and 80 and char_length(${t.contact}) between 1 and 200 and char_length(${t.message}) between 1 and 3000`,
    ),
    index("visitor_messages_created_idx").on(t.createdAt.desc()),
  ],
);

// ---- one-tap sign-in (docs/decisions/0018) ---------------------------------------------------

/** People who signed in with Google one-tap, known by their Google subject. */
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  googleSub: text("google_sub").notNull().unique(),
  email: text("email").notNull().default(""),
  name: text("name").notNull().default(""),
  /** The invite code and referral parameter they arrived with, kept from their first sign-in. */
  inviteCode: text("invite_code").notNull().default(""),
  regParam: text("reg_param").notNull().default(""),
  source: text("source").notNull().default(""),
  language: text("language").notNull().default(""),
  referer: text("referer").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Nonces the server issued for one-tap prompts, hashed; each is accepted once, before it expires. */
export const loginNonces = pgTable("login_nonces", {
  hash: text("hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Single-use, short-lived sign-in codes (`cpl`) the application redeems; only their hash is kept. */
export const loginCodes = pgTable(
  "login_codes",
  {
    hash: text("hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("login_codes_user_idx").on(t.userId)],
);

// ---- usage tracking (docs/decisions/0019) ---------------------------------------------------

/** Usage events that passed validation (click, view, expose, error), with their whole record. */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    eventType: integer("event_type").notNull(),
    objectType: integer("object_type").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    url: text("url").notNull(),
    lang: text("lang").notNull(),
    deviceId: text("device_id").notNull(),
    data: jsonb("data").notNull(),
  },
  (t) => [
    check("usage_events_kind_check", sql`${t.kind} in ('click', 'view', 'expose', 'error')`),
    index("usage_events_kind_time_idx").on(t.kind, t.occurredAt),
  ],
);

/**
 * Beacons already stored, by the digest of their opened batch, for the replay window
 * (usage.server.ts: REPLAY_WINDOW_HOURS): the same batch sent again, sealed anew or not, is
 * stored once. Older beacons need no row: their events are older than the window and dropped.
 */
export const usageBeacons = pgTable(
  "usage_beacons",
  {
    digest: text("digest").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("usage_beacons_received_idx").on(t.receivedAt)],
);

/**
 * The usage report's roll-up (docs/decisions/0054): events per UTC day, kind and what the report
 * groups that kind by, kept by statement triggers on usage_events (drizzle/0022) in the same
 * transaction as the events, so a report reads days and pages, never every event of its period.
 * view: a = path, b = language; click: a = key, b = text (60), c = target (200); expose: a = key;
 * error: a = error type, b = message (200), c = path.
 */
export const usageDaily = pgTable(
  "usage_daily",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    a: text("a").notNull(),
    b: text("b").notNull(),
    c: text("c").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.a, t.b, t.c] })],
);

/** Each device's events per UTC day (kept like usage_daily): the report's distinct devices read device-days, not events. */
export const usageDailyDevices = pgTable(
  "usage_daily_devices",
  {
    day: date("day").notNull(),
    deviceId: text("device_id").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.deviceId] })],
);

/** How many received events were dropped as invalid, per day (they are never stored). */
export const usageDropped = pgTable("usage_dropped", {
  day: date("day").primaryKey(),
  count: integer("count").notNull().default(0),
});

// ---- staff area (docs/decisions/0020) --------------------------------------------------------

/** People who run the site from /admin. No password until they set one through a one-time link. */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** contracts/staff-access.ts: STAFF_ROLES. */
    role: text("role").$type<"admin" | "editor" | "support">().notNull(),
    /** scrypt with its parameters (server/services/staff.server.ts); null until set. */
    passwordHash: text("password_hash"),
    /** TOTP secret (base32); the second factor is on once totp_enabled_at is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last accepted code: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_users_email_unique").on(sql`lower(${t.email})`),
    check("staff_users_role_check", sql`${t.role} in ('admin', 'editor', 'support')`),
  ],
);

/** One-time links to set a password (first admin, invitations, resets); only the hash is kept. */
export const staffPasswordTokens = pgTable("staff_password_tokens", {
  hash: text("hash").primaryKey(),
  staffId: integer("staff_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Signed-in staff sessions: the cookie carries a random id, the table its hash. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    hash: text("hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** Sent back in X-CSRF-Token with every state-changing call. */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Every staff action: who, what, when, and the record before and after. Never updated or deleted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/**
 * Content edited in the staff area: the text of one content file (its path under content/),
 * as a draft and as published. Published documents stand in for the file of the same path in
 * every import, so an import never overwrites a staff edit (docs/decisions/0020).
 */
export const contentDocuments = pgTable(
  "content_documents",
  {
    path: text("path").primaryKey(),
    kind: text("kind").notNull(),
    lang: text("lang"),
    draftSource: text("draft_source").notNull(),
    publishedSource: text("published_source"),
    /** Set: the draft goes live by itself at this time. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Bumped by every save; a save names the revision it started from (no lost updates). */
    revision: integer("revision").notNull().default(1),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Why the scheduled publish failed (the importer's message); cleared by the next publish or schedule. */
    publishError: text("publish_error"),
  },
  (t) => [
    index("content_documents_due_idx")
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
  ],
);

const regconfig = customType<{ data: string }>({ dataType: () => "regconfig" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export { SEARCH_KINDS, type SearchKind } from "@contracts/search-types";

/**
 * The site search's index (server/services/search.server.ts, docs/decisions/0030): one row per
 * searchable item and language version, kept in step with its source by the importer's sync
 * (`version` says when a row must be made again). Terms are made in Node (server/search/terms.ts),
 * the same way at index and query time; `vector` holds them as they are (array_to_tsvector: no
 * parser, so Thai marks and CJK stay whole) plus, where PostgreSQL has a stemmer for the
 * language (`ts_config`), their stems weighted A (title) and B (body).
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<SearchKind>().notNull(),
    lang: text("lang")
      .notNull()
      .references(() => languages.key),
    /** The same for every language version of one item: translation key, slug or version. */
    key: text("key").notNull(),
    /** The row of the source table (articles, help_articles, faq_items, releases, use_cases). */
    sourceId: integer("source_id").notNull(),
    /** Help, blog and news: the item's category (the sections' own searches filter by it). */
    categoryId: integer("category_id"),
    /** The page, without language prefix: /helps/12, /faq#slug, /blog/34, /release/5.2.0, /scenarios/traffic. */
    path: text("path").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** The plain text the terms were made from (the start of it), for the snippet around a match. */
    body: text("body").notNull().default(""),
    published: boolean("published").notNull(),
    /** Scheduled items are published with this still ahead; they are never found before it. */
    visibleFrom: timestamp("visible_from", { withTimezone: true }).notNull(),
    version: text("version").notNull(),
    tsConfig: regconfig("ts_config").notNull(),
    titleTerms: text("title_terms").array().notNull(),
    bodyTerms: text("body_terms").array().notNull(),
    vector: tsvector("vector")
      .notNull()
      .generatedAlwaysAs(
        sql`array_to_tsvector(title_terms || body_terms) || CASE WHEN ts_config = 'simple'::regconfig THEN ''::tsvector ELSE setweight(to_tsvector(ts_config, search_terms_text(title_terms)), 'A') || setweight(to_tsvector(ts_config, search_terms_text(body_terms)), 'B') END`,
      ),
    /**
     * The terms alone, without stems: whether every word of a query is in the document as written
     * is one look-up here, where the arrays had to be copied and compared for every match
     * (docs/decisions/0050).
     */
    termsVector: tsvector("terms_vector")
      .notNull()
      .generatedAlwaysAs(sql`array_to_tsvector(title_terms || body_terms)`),
    /** The title's stems (none without a stemmer): whether every word is in the title, without reading the whole vector. */
    titleStems: text("title_stems")
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN ts_config = 'simple'::regconfig THEN '{}'::text[] ELSE tsvector_to_array(to_tsvector(ts_config, search_terms_text(title_terms))) END`,
      ),
    /**
     * The title's terms and stems, and the language as one more lexeme ("lang en": a term never
     * holds a space): a search finds the matches with every word in its title (those ranked first)
     * by this column's index, without reading every match (docs/decisions/0055). The language is a
     * lexeme, not a column of the index, so that no other query can read the index by language alone.
     */
    titleVector: tsvector("title_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`array_to_tsvector(title_terms || CASE WHEN ts_config = 'simple'::regconfig THEN '{}'::text[] ELSE tsvector_to_array(to_tsvector(ts_config, search_terms_text(title_terms))) END || ARRAY['lang ' || lang])`,
      ),
    indexedAt: timestamp("indexed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("search_documents_kind_lang_key_unique").on(t.kind, t.lang, t.key),
    check("search_documents_kind_check", sql`${t.kind} in ('help', 'faq', 'blog', 'news', 'release', 'use_case')`),
    // Every search asks within one language: with the language in the index (btree_gin), a word's
    // posting list holds that language's documents only, not every language's (docs/decisions/0050);
    // with the kind too, each kind's matches are counted up to the cap without reading the others'
    // (docs/decisions/0055).
    index("search_documents_lang_kind_vector_idx").using("gin", t.lang, t.kind, t.vector),
    index("search_documents_title_vector_idx").using("gin", t.titleVector),
  ],
);

/**
 * The distinct terms of published search documents per language, with how many documents have
 * each (kept by a trigger on search_documents), trigram-indexed: a query word that is not a term
 * of the language is looked up here for terms one or two edits away.
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    lang: text("lang").notNull(),
    term: text("term").notNull(),
    documents: integer("documents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.term] }), index("search_lexicon_term_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`)],
);

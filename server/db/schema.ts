/**
 * Database schema. Per-language data follows one pattern (docs/decisions/0005):
 * language-neutral rows carry ids, slugs and ordering; their texts live in a `*_translations`
 * table keyed by (owner id, lang). Content written separately per language (articles, later)
 * carries its own `lang` column instead.
 */
import { sql } from "drizzle-orm";
import {
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

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
    lang: text("lang").notNull().references(() => languages.key),
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

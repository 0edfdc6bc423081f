import { z } from "zod";
import { CATEGORY_TYPES } from "../../db/schema";
import { listCategories } from "../../services/categories.server";
import { docsPaths } from "../../services/help.server";
import { getBaseInfo } from "../../services/site.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

export const BaseInfoSchema = z.object({
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  statistical_body: z.string().describe("Trusted markup set by editors, appended to the body"),
  statistical_title: z.string().describe("Trusted markup set by editors, appended to the head"),
});

export const CategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  sort: z.number().int(),
  count: z.number().int(),
  docs_path: z.string().optional().describe("Help categories: the old documentation path for the language's group (zh/en, ru, pt, vn)"),
});

export const baseInfo = defineEndpoint({
  methods: ["get", "post"],
  path: "/home/base-info",
  summary: "Site title, keywords, description and statistics snippets for a language",
  tag: "site",
  input: z.object({ lang: LangParam, type: z.enum(["home"]).default("home") }),
  output: BaseInfoSchema,
  errors: ["notFound"],
  async handler({ lang, type }, { db }) {
    const info = await getBaseInfo(db, lang, type);
    if (!info) throw new ApiError("notFound");
    return info;
  },
});

export const category = defineEndpoint({
  methods: ["get"],
  path: "/home/category",
  summary:
    "Categories of help articles, blog posts or news, with names in the language and the number of published items; help categories also carry docs_path",
  tag: "site",
  input: z.object({ lang: LangParam, type: z.enum(CATEGORY_TYPES) }),
  output: z.array(CategorySchema),
  errors: ["fieldRequired"],
  async handler({ lang, type }, { db }) {
    const categories = await listCategories(db, type, lang);
    if (type !== "help") return categories;
    const paths = await docsPaths(db, lang);
    return categories.map((c) => ({ ...c, ...(paths.has(c.id) ? { docs_path: paths.get(c.id) } : {}) }));
  },
});

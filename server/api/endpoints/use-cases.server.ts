import { z } from "zod";
import { getUseCase, listUseCases } from "../../services/use-cases.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam, SlugParam } from "../endpoint.server";
import { ArticleSummarySchema } from "./articles.server";

const Summary = z.object({ slug: z.string(), title: z.string(), summary: z.string() });

export const useCaseList = defineEndpoint({
  methods: ["get"],
  path: "/home/use-case-list",
  summary: "The use-case pages in the language, in their previous/next order; `kind=solution` lists the solution pages instead",
  tag: "use-cases",
  input: z.object({ lang: LangParam, kind: z.enum(["scenario", "solution"]).default("scenario") }),
  output: z.array(Summary),
  errors: ["invalidValue"],
  handler: ({ lang, kind }, { db }) => listUseCases(db, lang, kind),
});

export const useCase = defineEndpoint({
  methods: ["get"],
  path: "/home/use-case",
  summary:
    "One use-case (or solution) page: sections as sanitised HTML, the features that matter, previous and next in the chain, and related blog articles by tag. Unknown slug or not in this language: 10404",
  tag: "use-cases",
  input: z.object({ lang: LangParam, slug: SlugParam }),
  output: Summary.extend({
    kind: z.enum(["scenario", "solution"]),
    seo_description: z.string(),
    updated_at: z.string(),
    sections: z.array(z.object({ id: z.string(), title: z.string(), html: z.string().describe("sanitised HTML") })),
    features: z.array(z.object({ title: z.string(), text: z.string() })),
    apps: z.array(z.string()),
    prev: Summary.nullable(),
    next: Summary.nullable(),
    related_articles: z.array(ArticleSummarySchema),
    languages: z.array(z.string()),
  }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ lang, slug }, { db }) {
    const found = await getUseCase(db, lang, slug);
    if (!found) throw new ApiError("notFound");
    return found;
  },
});

import { z } from "zod";
import { ApplicationFields } from "@contracts/partner-application-rules";
import { applyAsPartner, filterExists, getPartner, listPartners, partnerFacets } from "../../services/partners.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam, PageParams, paged, SlugParam } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const Named = z.object({ slug: z.string(), name: z.string() });
const Facet = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), count: z.number().int() });
const PartnerSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().describe("site path of the logo image"),
  type: Named,
  regions: z.array(Named),
  services: z.array(z.string()),
  summary: z.string(),
});
const Filters = { type: SlugParam.optional().describe("partner type slug"), region: SlugParam.optional().describe("served region slug") };

/** An unknown type or region is a bad value (10101), never an empty result that looks like a real one. */
async function checkFilters(db: Parameters<typeof filterExists>[0], filter: { type?: string; region?: string }) {
  const exists = await filterExists(db, filter);
  if (!exists.type) throw new ApiError("invalidValue", "type");
  if (!exists.region) throw new ApiError("invalidValue", "region");
}

export const partnerTags = defineEndpoint({
  methods: ["get"],
  path: "/home/tags-partner-list",
  summary:
    "Partner types and served regions, named in the language, each with the number of partners it leads to; with `type` or `region`, the other filter's counts are within it (facet counts)",
  tag: "partners",
  input: z.object({ lang: LangParam, ...Filters }),
  output: z.object({ types: z.array(Facet), regions: z.array(Facet) }),
  errors: ["invalidValue"],
  async handler({ lang, type, region }, { db }) {
    await checkFilters(db, { type, region });
    return partnerFacets(db, lang, { type, region });
  },
});

export const partnerList = defineEndpoint({
  methods: ["get"],
  path: "/home/partner-list",
  summary: "Partners described in the language, filtered by type and served region (filters combine), paged",
  tag: "partners",
  input: z.object({ lang: LangParam, ...Filters, ...PageParams }),
  output: paged(PartnerSummary),
  errors: ["invalidValue"],
  async handler({ lang, type, region, page, page_size }, { db }) {
    await checkFilters(db, { type, region });
    return listPartners(db, { lang, type, region, page, pageSize: page_size });
  },
});

export const partnerDetail = defineEndpoint({
  methods: ["get"],
  path: "/home/partner-detail",
  summary: "One partner: description (sanitised HTML), services, regions, the offer for this site's users and the website. Missing: 10404",
  tag: "partners",
  input: z.object({ lang: LangParam, id: IdParam }),
  output: PartnerSummary.extend({
    description: z.string().describe("sanitised HTML"),
    website: z.string(),
    offer: z.string(),
    languages: z.array(z.string()),
  }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ lang, id }, { db }) {
    const found = await getPartner(db, lang, id);
    if (!found) throw new ApiError("notFound");
    return found;
  },
});

export const partnerApply = defineEndpoint({
  methods: ["post"],
  path: "/home/partner-apply",
  summary:
    "Apply to the partner programme (JSON, form-encoded or multipart). Every field is required (10100 with the field); a bad e-mail or website, an unknown type or region: 10101. `regions` is an array of region slugs or one comma-separated value. Too many applications from one visitor: 10042. The application is stored and sent to staff through the outbox",
  tag: "partners",
  input: z.object({ lang: LangParam, ...ApplicationFields.shape }),
  output: z.object({ id: z.number().int(), reference: z.string() }),
  errors: ["fieldRequired", "invalidValue", "tooManyRecent"],
  async handler(input, { db, req }) {
    const outcome = await applyAsPartner(
      db,
      {
        company: input.company,
        name: input.name,
        email: input.email,
        website: input.website,
        type: input.type,
        regions: input.regions,
        message: input.message,
        lang: input.lang,
      },
      { ip: req.ip },
    );
    if (!outcome.ok) throw new ApiError("invalidValue", outcome.field);
    return { id: outcome.id, reference: outcome.reference };
  },
});

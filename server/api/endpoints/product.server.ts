import { z } from "zod";
import { CLIENT_SYSTEMS, PLAN_KEYS } from "../../db/schema";
import { about } from "../../services/company.server";
import { officialChannels } from "../../services/official-channels.server";
import { faqList } from "../../services/faq.server";
import { powerList, quotePrice } from "../../services/pricing.server";
import { getRelease, latestVersion, listReleases, releasesWithChecksum } from "../../services/releases.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam, PageParams, paged } from "../endpoint.server";
import { IdParam, wholeNumber } from "@contracts/whole-numbers";

const PlanValue = z.union([z.boolean(), z.string()]);

export const powerListEndpoint = defineEndpoint({
  methods: ["get"],
  path: "/home/power/list",
  summary: "The plan feature matrix in the language: one row per feature, per plan true, false or a short text",
  tag: "pricing",
  input: z.object({ lang: LangParam }),
  output: z.array(
    z.object({
      key: z.string(),
      group: z.string(),
      group_name: z.string(),
      name: z.string(),
      plans: z.object({ free: PlanValue, base: PlanValue, pro: PlanValue, custom: PlanValue }),
    }),
  ),
  errors: [],
  handler: ({ lang }, { db }) => powerList(db, lang),
});

export const price = defineEndpoint({
  methods: ["post"],
  path: "/payment/official-site/price",
  summary:
    "The price of a plan (form-encoded, as the site's call; JSON too): yearly is the discount (20 %) off twelve months. Custom plans and profile counts the plan does not offer: 10101",
  tag: "pricing",
  input: z.object({
    lang: LangParam,
    plan: z.enum(PLAN_KEYS),
    billing: z.enum(["monthly", "yearly"]).default("monthly"),
    profiles: wholeNumber(1, 1_000_000),
    members: wholeNumber(0, 1000).default(0),
  }),
  output: z.object({
    plan: z.enum(PLAN_KEYS),
    billing: z.enum(["monthly", "yearly"]),
    profiles: z.number().int(),
    members: z.number().int(),
    currency: z.literal("USD"),
    unit_monthly: z.number(),
    months: z.number().int(),
    subtotal: z.number(),
    discount_percent: z.number().int(),
    total: z.number(),
  }),
  errors: ["fieldRequired", "invalidValue"],
  async handler(input, { db }) {
    const outcome = await quotePrice(db, input);
    if (!outcome.ok) throw new ApiError("invalidValue", outcome.field);
    return outcome.quote;
  },
});

const FileSchema = z.object({ system: z.enum(CLIENT_SYSTEMS), url: z.string(), size: z.number().int(), sha256: z.string() });

export const latestClientVersion = defineEndpoint({
  methods: ["get"],
  path: "/sys-client-version/get-latest-version",
  summary: "The newest client version for a system, with its file, size, SHA-256 and release notes in the language",
  tag: "releases",
  input: z.object({ lang: LangParam, system: z.enum(CLIENT_SYSTEMS).default("win64") }),
  output: z.object({ version: z.string(), released_at: z.string(), url: z.string(), size: z.number().int(), sha256: z.string(), notes: z.string() }),
  errors: ["invalidValue", "notFound"],
  async handler({ lang, system }, { db, settings }) {
    const latest = await latestVersion(db, { system, lang, downloadBase: settings.downloadBaseUrl });
    if (!latest) throw new ApiError("notFound");
    const { release_id: _id, ...rest } = latest;
    return rest;
  },
});

export const releaseList = defineEndpoint({
  methods: ["get"],
  path: "/home/release-list",
  summary: "Releases, newest first, with their one-line summary in the language",
  tag: "releases",
  input: z.object({
    lang: LangParam,
    ...PageParams,
  }),
  output: paged(z.object({ id: z.number().int(), version: z.string(), released_at: z.string(), summary: z.string() })),
  errors: [],
  handler: ({ lang, page, page_size }, { db }) => listReleases(db, { lang, page, pageSize: page_size }),
});

const Neighbour = z.object({ id: z.number().int(), version: z.string() }).nullable();
export const release = defineEndpoint({
  methods: ["get"],
  path: "/home/release",
  summary: "One release: notes by section (added, changed, fixed, security) in the language, its downloads, previous and next",
  tag: "releases",
  input: z.object({ lang: LangParam, id: IdParam }),
  output: z.object({
    id: z.number().int(),
    version: z.string(),
    released_at: z.string(),
    summary: z.string(),
    sections: z.array(z.object({ kind: z.enum(["added", "changed", "fixed", "security"]), items: z.array(z.string().describe("sanitised HTML")) })),
    downloads: z.array(FileSchema),
    prev: Neighbour,
    next: Neighbour,
  }),
  errors: ["fieldRequired", "notFound"],
  async handler({ lang, id }, { db, settings }) {
    const found = await getRelease(db, { id, lang, downloadBase: settings.downloadBaseUrl });
    if (!found) throw new ApiError("notFound");
    return found;
  },
});

export const faq = defineEndpoint({
  methods: ["get"],
  path: "/home/faq-list",
  summary: "The FAQ by topic in the language; answers are sanitised HTML",
  tag: "faq",
  input: z.object({ lang: LangParam }),
  output: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      items: z.array(z.object({ id: z.number().int(), slug: z.string(), question: z.string(), answer: z.string() })),
    }),
  ),
  errors: [],
  handler: ({ lang }, { db }) => faqList(db, lang),
});

export const aboutEndpoint = defineEndpoint({
  methods: ["get"],
  path: "/home/about",
  summary: "The company's story (HTML), milestones, values and open positions, in the language",
  tag: "company",
  input: z.object({ lang: LangParam }),
  output: z.object({
    story: z.string(),
    milestones: z.array(z.object({ year: z.number().int(), title: z.string(), text: z.string() })),
    values: z.array(z.object({ title: z.string(), text: z.string() })),
    jobs: z.array(
      z.object({ id: z.string(), title: z.string(), team: z.string(), location: z.string(), type: z.string(), summary: z.string(), description: z.string() }),
    ),
  }),
  errors: ["notFound"],
  async handler({ lang }, { db }) {
    const found = await about(db, lang);
    if (!found) throw new ApiError("notFound");
    return found;
  },
});

export const linksEndpoint = defineEndpoint({
  methods: ["get"],
  path: "/home/links",
  summary: "The official websites, download locations and channels, grouped, in the language",
  tag: "company",
  input: z.object({ lang: LangParam }),
  output: z.array(
    z.object({
      group: z.string(),
      items: z.array(z.object({ name: z.string(), url: z.string(), description: z.string(), kind: z.string() })),
    }),
  ),
  errors: ["notFound"],
  async handler({ lang }, { db, settings }) {
    const found = await officialChannels(db, settings.officialChannels, lang);
    if (!found) throw new ApiError("notFound");
    return found.groups.map((g) => ({
      group: g.group,
      items: g.items.map(({ name, url, description, listedAs }) => ({ name, url, description, kind: listedAs })),
    }));
  },
});

const SigningKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  keyId: z.string().describe("the first 8 bytes of the SHA-256 of the raw public key, in hex"),
  publicKey: z.string().describe("the raw 32-byte Ed25519 public key, in base64"),
  pem: z.string().describe("the same key as PEM (SubjectPublicKeyInfo), for openssl pkeyutl -verify"),
});

export const releaseSigningKey = defineEndpoint({
  methods: ["get"],
  path: "/home/release-signing-key",
  summary: "The public key that signs every release's checksum list (also at /.well-known/release-signing-key.pem); 404 when releases are not signed",
  tag: "releases",
  input: z.object({ lang: LangParam }),
  output: SigningKeySchema,
  errors: ["notFound"],
  async handler(_input, { settings }) {
    if (!settings.releaseSigningKey) throw new ApiError("notFound");
    return settings.releaseSigningKey;
  },
});

const SignedReleaseSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  releasedAt: z.string(),
  keyId: z.string().nullable().describe("the key that signed the list; null: never signed"),
  signature: z.string().nullable().describe("Ed25519 signature of the release's SHA256SUMS text (lines `<sha256>  <file name>` sorted by name), base64"),
  files: z.array(z.object({ system: z.enum(CLIENT_SYSTEMS), fileName: z.string(), size: z.number().int(), sha256: z.string(), url: z.string() })),
});

export const releaseChecksums = defineEndpoint({
  methods: ["get"],
  path: "/home/release-checksums",
  summary:
    "The releases that recorded a file with this SHA-256, each with all its files and its signature as recorded: verify the signature against the published key before trusting a match (an empty list: no official file has this checksum)",
  tag: "releases",
  input: z.object({
    lang: LangParam,
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "a SHA-256 in hex (64 characters)")
      .transform((hex) => hex.toLowerCase()),
  }),
  output: z.array(SignedReleaseSchema),
  errors: ["invalidValue"],
  handler: ({ sha256 }, { db, settings }) => releasesWithChecksum(db, { sha256, downloadBase: settings.downloadBaseUrl }),
});

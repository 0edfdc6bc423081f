/**
 * Content editing (docs/decisions/0020): documents are content files edited as text, saved as
 * drafts, checked by the importer, published now or at a set time, and previewed as the real page.
 */
import { z } from "zod";
import { LANG_KEYS } from "~/i18n/languages";
import { CONTENT_KIND_KEYS, ContentPath } from "../../content/documents.server";
import {
  cancelSchedule,
  checkDocument,
  ContentConflict,
  ContentInvalid,
  createDocumentPreviewToken,
  discardDraft,
  listDocuments,
  openDocument,
  publishNow,
  saveDraft,
  schedulePublish,
} from "../../services/content.server";
import { PREVIEW_TTL_MS } from "../../infrastructure/previews.server";
import { ApiError } from "../envelope.server";
import { defineStaffEndpoint, LangParam } from "../endpoint.server";
import { wholeNumber } from "@contracts/whole-numbers";

const STATES = ["file", "published", "draft", "scheduled", "new"] as const;
const Revision = wholeNumber(0, 2_000_000_000);

/** The service's refusals as API errors: a stale revision is 10409, an invalid document 10422 with the importer's words. */
async function contentCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ContentConflict) throw new ApiError("editConflict", "revision");
    if (err instanceof ContentInvalid) throw new ApiError("contentInvalid", "source", err.message.slice(0, 2000));
    throw err;
  }
}

export const contentList = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/content",
  summary: "Every editable content document (files and staff documents) with its kind, language and state (file, published, draft, scheduled, new)",
  tag: "admin",
  staff: "content",
  input: z.object({
    lang: LangParam,
    kind: z.enum(CONTENT_KIND_KEYS).optional(),
    language: z.enum(LANG_KEYS).optional(),
    q: z.string().trim().max(100).optional(),
  }),
  output: z.object({
    list: z.array(
      z.object({
        path: z.string(),
        kind: z.enum(CONTENT_KIND_KEYS),
        lang: z.string().nullable(),
        item: z.string(),
        state: z.enum(STATES),
        updated_at: z.string().nullable(),
        updated_by: z.string().nullable(),
        publish_at: z.string().nullable(),
      }),
    ),
  }),
  errors: [],
  async handler(input, { db }) {
    return { list: await listDocuments(db, { kind: input.kind, lang: input.language, q: input.q }) };
  },
});

export const contentDocument = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/content/document",
  summary:
    "One document for the editor: its draft (or live text, or the text of `from` for a new translation, or a template), what is live, its revision and schedule",
  tag: "admin",
  staff: "content",
  input: z.object({ lang: LangParam, path: ContentPath, from: ContentPath.optional() }),
  output: z.object({
    path: z.string(),
    kind: z.enum(CONTENT_KIND_KEYS),
    lang: z.string().nullable(),
    format: z.enum(["markdown", "yaml", "json"]),
    state: z.enum(STATES),
    source: z.string(),
    live: z.string(),
    revision: z.number().int(),
    publish_at: z.string().nullable(),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
    published_at: z.string().nullable(),
    publish_error: z.string().nullable(),
    public_path: z.string().nullable(),
  }),
  errors: ["notFound"],
  async handler(input, { db }) {
    const doc = await openDocument(db, input.path, input.from);
    if (!doc) throw new ApiError("notFound", "path");
    return doc;
  },
});

const Source = z.string().max(400_000);

export const contentSave = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/content/save",
  summary:
    "Saves a draft. `revision` is the revision the editor opened (0 for a document never saved here); a newer save in between is 10409. Answers the new revision and `problem`: the importer's objection to the draft, if any (a draft may be saved unfinished; it cannot be published so)",
  tag: "admin",
  staff: "content",
  input: z.object({ lang: LangParam, path: ContentPath, source: Source, revision: Revision }),
  output: z.object({ revision: z.number().int(), problem: z.string().nullable() }),
  errors: ["fieldRequired", "editConflict"],
  async handler(input, { db, logger, staff }) {
    const saved = await contentCall(() => saveDraft(db, staff, input));
    return { revision: saved.revision, problem: await checkDocument(db, logger, input.path, input.source) };
  },
});

export const contentPublish = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/content/publish",
  summary:
    "Publishes the saved draft of `revision` now, through the importer; live on the public site at once. 10422 with the importer's message when it is not valid",
  tag: "admin",
  staff: "content",
  input: z.object({ lang: LangParam, path: ContentPath, revision: Revision }),
  output: z.object({ published: z.literal(true) }),
  errors: ["editConflict", "contentInvalid"],
  async handler(input, { db, logger, staff }) {
    await contentCall(() => publishNow(db, logger, staff, input));
    return { published: true as const };
  },
});

export const contentSchedule = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/content/schedule",
  summary: "Publishes the saved draft of `revision` by itself at `at` (ISO 8601 with zone, in the future, within a year); checked now",
  tag: "admin",
  staff: "content",
  input: z.object({
    lang: LangParam,
    path: ContentPath,
    revision: Revision,
    at: z.iso
      .datetime({ offset: true })
      .transform((v) => new Date(v))
      .refine((d) => d.getTime() > Date.now() && d.getTime() < Date.now() + 366 * 86_400_000, { message: "must be in the coming year" }),
  }),
  output: z.object({ publish_at: z.string() }),
  errors: ["fieldRequired", "editConflict", "contentInvalid"],
  async handler(input, { db, logger, staff }) {
    await contentCall(() => schedulePublish(db, logger, staff, input));
    return { publish_at: input.at.toISOString() };
  },
});

export const contentUnschedule = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/content/unschedule",
  summary: "Cancels a scheduled publish (the draft stays)",
  tag: "admin",
  staff: "content",
  input: z.object({ lang: LangParam, path: ContentPath, revision: Revision }),
  output: z.object({ scheduled: z.literal(false) }),
  errors: ["editConflict"],
  async handler(input, { db, staff }) {
    await contentCall(() => cancelSchedule(db, staff, input));
    return { scheduled: false as const };
  },
});

export const contentDiscard = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/content/discard",
  summary: "Throws the draft away: back to what is live (a document never published disappears)",
  tag: "admin",
  staff: "content",
  input: z.object({ lang: LangParam, path: ContentPath, revision: Revision }),
  output: z.object({ discarded: z.literal(true) }),
  errors: ["editConflict"],
  async handler(input, { db, staff }) {
    await contentCall(() => discardDraft(db, staff, input));
    return { discarded: true as const };
  },
});

export const contentPreviewLink = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/content/preview-link",
  summary: "A signed link (10 minutes) that shows the saved draft as the real page to anyone who has it",
  tag: "admin",
  staff: "content",
  input: z.object({ lang: LangParam, path: ContentPath }),
  output: z.object({ url: z.string(), expires_at: z.string() }),
  errors: [],
  async handler(input, { db, req }) {
    const now = Date.now();
    const token = await createDocumentPreviewToken(db, input.path, now);
    return { url: `${req.protocol}://${req.get("host")}/preview/${token}`, expires_at: new Date(now + PREVIEW_TTL_MS).toISOString() };
  },
});

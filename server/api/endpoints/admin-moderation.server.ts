/**
 * Staff moderation (issue 13): comments (mark popular, hide from the site, delete, each with its
 * article beside it) and the help centre's feedback (votes and "what was missing" per article,
 * searches that found nothing).
 */
import { z } from "zod";
import { COMMENT_FILTERS } from "@contracts/staff-comments";
import { FEEDBACK_SORTS, MISS_SCOPES, MISS_SORTS } from "@contracts/staff-feedback";
import { LANG_KEYS } from "~/i18n/languages";
import { deleteComment, listStaffComments, setCommentHidden, setCommentPopular } from "../../services/comments.server";
import { listHelpFeedback } from "../../services/help.server";
import { listSearchMisses } from "../../services/search.server";
import { STAFF_COUNT_CAP } from "../../db/sql-helpers.server";
import { ApiError } from "../envelope.server";
import { defineStaffEndpoint, LangParam, paged, PageParams } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const Id = IdParam;
/** A content language to filter by (`lang` is the language of the answer's messages). */
const Language = z.enum(LANG_KEYS).optional().describe("Only items in this site language");
/** A flag from a query string or JSON: true/false, 1/0. */
/** A comment's version as the staff list shows it (16 hex digits). */
const CommentVersion = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{16}$/);
const Flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]);

const StaffCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  is_popular: z.boolean(),
  hidden_at: z.string().nullable().describe("When staff hid it from the site; null when it is shown"),
  created_at: z.string(),
  article: z.object({ id: z.number().int(), type: z.enum(["blog", "news"]), lang: z.string(), title: z.string(), status: z.enum(["published", "draft"]) }),
  version: z.string().describe("What deleting the comment must name: it changes when the comment does"),
});

/** A staff list's total is counted up to STAFF_COUNT_CAP rows (docs/decisions/0056). */
const CappedTotal = z.boolean().describe(`true: at least \`total\` rows; a staff list counts up to ${STAFF_COUNT_CAP}`);

export const commentsList = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/comments",
  summary:
    "Every comment, hidden ones too, newest first, paged, each with its article; `filter` all (default), visible, hidden or popular; `article_id` one article's",
  tag: "admin",
  staff: "comments",
  input: z.object({ lang: LangParam, filter: z.enum(COMMENT_FILTERS).default("all"), article_id: Id.optional(), ...PageParams }),
  output: paged(StaffCommentSchema).extend({ total_capped: CappedTotal }),
  errors: ["invalidValue"],
  handler: ({ filter, article_id, page, page_size }, { db }) => listStaffComments(db, { filter, articleId: article_id, page, pageSize: page_size }),
});

const Changed = z.object({ id: z.number().int(), changed: z.boolean() });

export const commentPopular = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/comments/popular",
  summary: "Marks a comment popular (`popular: true`) or not; audited. Asking for what it already is changes nothing (`changed: false`)",
  tag: "admin",
  staff: "comments",
  input: z.object({ lang: LangParam, id: Id, popular: Flag }),
  output: Changed,
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ id, popular }, { db, staff }) {
    const outcome = await setCommentPopular(db, staff, id, popular);
    if (!outcome) throw new ApiError("notFound", "id");
    return { id, changed: outcome.changed };
  },
});

export const commentHidden = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/comments/hide",
  summary:
    "Hides a comment from the site (`hidden: true`: kept, never shown or counted publicly) or shows it again; audited. Asking for what it already is changes nothing (`changed: false`)",
  tag: "admin",
  staff: "comments",
  input: z.object({ lang: LangParam, id: Id, hidden: Flag }),
  output: Changed,
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ id, hidden }, { db, staff }) {
    const outcome = await setCommentHidden(db, staff, id, hidden);
    if (!outcome) throw new ApiError("notFound", "id");
    return { id, changed: outcome.changed };
  },
});

export const commentDelete = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/comments/delete",
  summary:
    "Deletes a comment for good, if it is still the `version` the list showed (required; 10409 when it changed since, and nothing is deleted); the audit entry keeps the whole comment, and an admin can put it back from the audit log (POST /admin/audit/restore). 10404 when there is none (already deleted)",
  tag: "admin",
  staff: "comments",
  input: z.object({ lang: LangParam, id: Id, version: CommentVersion }),
  output: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  errors: ["fieldRequired", "invalidValue", "notFound", "editConflict"],
  async handler({ id, version }, { db, staff }) {
    const outcome = await deleteComment(db, staff, id, version);
    if (!outcome.ok) throw outcome.reason === "missing" ? new ApiError("notFound", "id") : new ApiError("editConflict", "version");
    return { id, deleted: true as const };
  },
});

export const helpFeedbackList = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/feedback/articles",
  summary:
    'Help articles with votes: solved and unsolved counts and the newest "what was missing" texts (at most 50 each, newest first), paged; `sort` unsolved (default: most unsolved first), recent or votes; `language` one site language',
  tag: "admin",
  staff: "feedback",
  input: z.object({ lang: LangParam, language: Language, sort: z.enum(FEEDBACK_SORTS).default("unsolved"), ...PageParams }),
  output: paged(
    z.object({
      id: z.number().int(),
      lang: z.string(),
      title: z.string(),
      status: z.enum(["published", "draft"]),
      solved_count: z.number().int(),
      unsolved_count: z.number().int(),
      last_vote_at: z.string(),
      feedback_count: z.number().int(),
      feedback: z.array(z.object({ text: z.string(), at: z.string() })),
    }),
  ),
  errors: ["invalidValue"],
  handler: ({ language, sort, page, page_size }, { db }) => listHelpFeedback(db, { lang: language, sort, page, pageSize: page_size }),
});

export const helpSearchMisses = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/feedback/search-misses",
  summary:
    "Searches that found nothing, on the whole site and in the help centre's, blog's and news' search boxes (`scope`): normalised query, language, count, first and last seen; `sort` count (default) or recent; `language` one site language; paged",
  tag: "admin",
  staff: "feedback",
  input: z.object({ lang: LangParam, language: Language, sort: z.enum(MISS_SORTS).default("count"), ...PageParams }),
  output: paged(
    z.object({ lang: z.string(), scope: z.enum(MISS_SCOPES), query: z.string(), count: z.number().int(), first_seen: z.string(), last_seen: z.string() }),
  ).extend({ total_capped: CappedTotal }),
  errors: ["invalidValue"],
  handler: ({ language, sort, page, page_size }, { db }) => listSearchMisses(db, { lang: language, sort, page, pageSize: page_size }),
});

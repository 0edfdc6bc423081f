/**
 * Staff area, insights (issue 13): the usage tracking report (docs/decisions/0019) and the
 * translation coverage table. Read-only; the pages /admin/usage and /admin/translations load the
 * same data from the same service functions.
 */
import { z } from "zod";
import { LANG_KEYS } from "~/i18n/languages";
import { COVERAGE_KINDS, COVERAGE_STATUSES } from "@contracts/translation-coverage";
import { REPORT_PERIODS, type ReportPeriod } from "@contracts/usage-report";
import { translationCoverage } from "../../services/translation-coverage.server";
import { usageReport } from "../../services/usage.server";
import { defineStaffEndpoint, LangParam } from "../endpoint.server";
import { wholeNumber } from "@contracts/whole-numbers";

/** 7, 30 or 90 days (today included); 30 when not given. */
const UsagePeriod = wholeNumber(1, 366)
  .refine((d): d is ReportPeriod => (REPORT_PERIODS as readonly number[]).includes(d), { message: "must be 7, 30 or 90" })
  .default(30)
  .describe("The period in days, today included: 7, 30 or 90");

const UsageReportView = z.object({
  days: z.number().int(),
  from: z.string().describe("The first UTC day of the period, YYYY-MM-DD"),
  totals: z.object({
    views: z.number().int(),
    clicks: z.number().int(),
    impressions: z.number().int(),
    errors: z.number().int(),
    devices: z.number().int(),
    dropped: z.number().int(),
  }),
  daily: z.array(z.object({ day: z.string(), views: z.number().int(), clicks: z.number().int(), impressions: z.number().int(), errors: z.number().int() })),
  views: z.array(z.object({ day: z.string(), path: z.string(), lang: z.string(), views: z.number().int() })),
  pages: z.array(z.object({ page: z.string(), views: z.number().int() })).describe("Views per page, the language prefix removed"),
  languages: z.array(z.object({ lang: z.string(), views: z.number().int() })),
  clicks: z.array(z.object({ key: z.string().nullable(), content: z.string().nullable(), target: z.string(), clicks: z.number().int() })),
  impressions: z.array(z.object({ key: z.string().nullable(), impressions: z.number().int() })),
  errors: z.array(z.object({ error_type: z.number().int(), errors: z.number().int() })),
  errorMessages: z.array(z.object({ error_type: z.number().int(), message: z.string(), page: z.string(), errors: z.number().int() })),
  dropped: z.number().int(),
});

export const adminUsageReport = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/usage",
  summary:
    "The usage tracking report for the last 7, 30 or 90 UTC days: daily counts per kind, views per page and language, the most clicked and most seen marks, errors by type and by message and page, events dropped as invalid",
  tag: "admin",
  staff: "usage",
  input: z.object({ lang: LangParam, days: UsagePeriod }),
  output: UsageReportView,
  errors: ["invalidValue"],
  async handler(input, { db }) {
    return usageReport(db, input.days);
  },
});

const booleanQuery = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

const CoverageCellView = z.object({
  lang: z.enum(LANG_KEYS),
  status: z.enum(COVERAGE_STATUSES),
  path: z.string().nullable().describe("The version's content path: /admin/content/edit?path=…"),
  from: z.string().nullable().describe("A missing version: the source's content path (…&from=…)"),
  changed_at: z.string().nullable(),
  source_changed_at: z.string().nullable(),
  have: z.number().int().nullable(),
  need: z.number().int().nullable(),
  source: z.boolean(),
  draft: z.boolean(),
});

export const adminTranslationCoverage = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/translations",
  summary:
    "Translation coverage: every content item and interface namespace by language, each version current, missing, older than its English (or Chinese) source, or incomplete; with per-language counts. Filter by kind, or only rows with problems",
  tag: "admin",
  staff: "coverage",
  input: z.object({ lang: LangParam, kind: z.enum(COVERAGE_KINDS).optional(), problems: booleanQuery }),
  output: z.object({
    langs: z.array(z.enum(LANG_KEYS)),
    rows: z.array(
      z.object({ kind: z.enum(COVERAGE_KINDS), key: z.string(), title: z.string(), source_lang: z.enum(LANG_KEYS), cells: z.array(CoverageCellView) }),
    ),
    counts: z.array(z.object({ lang: z.enum(LANG_KEYS), current: z.number().int(), total: z.number().int() })),
    summary: z.object({ current: z.number().int(), missing: z.number().int(), older: z.number().int(), incomplete: z.number().int() }),
    total_rows: z.number().int(),
  }),
  errors: ["invalidValue"],
  async handler(input, { db }) {
    return translationCoverage(db, { kind: input.kind, problems: input.problems });
  },
});

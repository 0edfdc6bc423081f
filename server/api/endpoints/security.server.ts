import { z } from "zod";
import { storeCspReport } from "../../infrastructure/csp-reports.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

const text = (max: number) =>
  z
    .string()
    .max(4_000)
    .catch("")
    .transform((s) => s.slice(0, max))
    .default("");

/** The body browsers send for a `report-uri` directive (Content-Type application/csp-report). */
const CspReportBody = z.looseObject({
  "document-uri": text(2_000),
  "violated-directive": text(200),
  "effective-directive": text(200),
  "blocked-uri": text(2_000),
  "script-sample": text(200),
});

export const cspReport = defineEndpoint({
  methods: ["post"],
  path: "/csp-report",
  summary: "Content-Security-Policy violation reports from browsers (report-uri); stored for operators, rate-limited",
  tag: "security",
  input: z.object({ lang: LangParam, "csp-report": CspReportBody }),
  output: z.null(),
  errors: ["fieldRequired", "malformedBody", "tooManyRequests", "tooManyRecent"],
  async handler(input, { db, req }) {
    const report = input["csp-report"];
    await storeCspReport(db, req.ip, {
      documentUri: report["document-uri"],
      directive: report["effective-directive"] || report["violated-directive"],
      blockedUri: report["blocked-uri"],
      sample: report["script-sample"],
      report: report as Record<string, unknown>,
      userAgent: (req.get("user-agent") ?? "").slice(0, 300),
    });
    return null;
  },
});

/**
 * The partner application form's rules (api.md "POST home/partner-apply"), shared by the server,
 * which is the authority, and the browser, which checks the same things first. Whether the type
 * and regions exist is the server's to say (they live in the database). The fields and limits are
 * in partner-application-fields.ts.
 */
import { z } from "zod";
import {
  APPLICATION_FIELD_ORDER,
  APPLICATION_LIMITS,
  isEmail,
  isWebsite,
  type ApplicationFieldName,
  type ApplicationValues,
} from "./partner-application-fields";

// The site's CSP forbids eval in the browser; zod must not compile schemas there.
if (typeof window !== "undefined") z.config({ jitless: true });

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
/** Regions arrive as repeated form fields, a JSON array, or one comma-separated value. */
const regionList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(slug).min(1).max(APPLICATION_LIMITS.regions),
);

export const ApplicationFields = z.object({
  company: z.string().trim().min(1).max(APPLICATION_LIMITS.company),
  name: z.string().trim().min(1).max(APPLICATION_LIMITS.name),
  email: z.string().trim().min(1).refine(isEmail),
  website: z.string().trim().min(1).max(APPLICATION_LIMITS.website).refine(isWebsite),
  type: slug,
  regions: regionList,
  message: z.string().trim().min(1).max(APPLICATION_LIMITS.message),
});

/** The first problem, in the form's order, as the server reports it: "required" (10100) or "invalid" (10101). */
export function firstApplicationProblem(values: ApplicationValues): { field: ApplicationFieldName; kind: "required" | "invalid" | "tooLong" } | null {
  for (const field of APPLICATION_FIELD_ORDER) {
    const value = values[field];
    const empty = field === "regions" ? !(value as readonly string[] | undefined)?.length : !String(value ?? "").trim();
    if (empty) return { field, kind: "required" };
    if (!ApplicationFields.shape[field].safeParse(value).success) {
      const max = (APPLICATION_LIMITS as Record<string, number>)[field];
      const tooLong = field !== "regions" && max !== undefined && String(value).trim().length > max;
      return { field, kind: tooLong ? "tooLong" : "invalid" };
    }
  }
  return null;
}

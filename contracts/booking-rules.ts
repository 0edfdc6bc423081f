/**
 * The pre-sales booking form's validation (spec sections 3 and 5), shared by the server, which is
 * the authority, and the browser, which checks the same things first so a visitor sees the
 * problem before sending. The fields and limits are in booking-fields.ts.
 */
import { z } from "zod";
import { BOOKING_FIELD_ORDER, BOOKING_LIMITS, inContactWindow, isAccount, isMainlandMobile, type BookingFieldName } from "./booking-fields";
import { IdParam } from "./whole-numbers";

// Zod may compile schemas with new Function(); the site's Content-Security-Policy forbids eval in
// the browser (and would report even zod's probe for it), so there it validates without compiling.
if (typeof window !== "undefined") z.config({ jitless: true });

const required = (max: number) => z.string().trim().min(1).max(max);

/** Field order is the form's order: the first problem reported is the first the visitor meets. */
export const BookingFields = z
  .object({
    slot_id: IdParam,
    company: required(BOOKING_LIMITS.company),
    account: required(BOOKING_LIMITS.account).refine(isAccount),
    phone: required(BOOKING_LIMITS.phone).refine(isMainlandMobile),
    chat_app: z.enum(["yes", "no"]),
    content: required(BOOKING_LIMITS.content),
    contact_from: z.string().trim().min(1).refine(inContactWindow),
    contact_to: z.string().trim().min(1).refine(inContactWindow),
  })
  .refine((b) => b.contact_from < b.contact_to, { path: ["contact_to"] });

/**
 * The first problem in a form's values, as the server would report it: "required" (10100) or
 * "invalid" (10101), with the field; null when the form is fine.
 */
export function firstBookingProblem(values: Partial<Record<BookingFieldName, string>>): { field: BookingFieldName; kind: "required" | "invalid" } | null {
  // Field by field, in the form's order, as the server's validation reports them.
  for (const field of BOOKING_FIELD_ORDER) {
    const value = values[field] ?? "";
    if (value.trim() === "") return { field, kind: "required" };
    if (!BookingFields.shape[field].safeParse(value).success) return { field, kind: "invalid" };
  }
  const parsed = BookingFields.safeParse(values);
  if (parsed.success) return null;
  return { field: String(parsed.error.issues[0]!.path[0]) as BookingFieldName, kind: "invalid" };
}

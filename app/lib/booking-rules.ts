/**
 * The pre-sales booking form's rules (spec sections 3 and 5), shared by the server, which is
 * the authority, and the browser, which checks the same things first so a visitor sees the
 * problem before sending.
 */
import { z } from "zod";

// Zod may compile schemas with new Function(); the site's Content-Security-Policy forbids eval in
// the browser (and would report even zod's probe for it), so there it validates without compiling.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Preferred contact time must fall within 2 pm to 6 pm (business time), in half hours. */
export const CONTACT_WINDOW = { from: "14:00", to: "18:00" } as const;
export const CONTACT_TIMES = ["14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30", "18:00"] as const;

export const BOOKING_LIMITS = { company: 100, account: 100, phone: 30, content: 2000 } as const;

/** Spaces, dashes and dots are ignored; an optional +86 / 0086 prefix is dropped. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-.()]/g, "").replace(/^(\+86|0086)/, "");
}

/** Mainland China mobile numbers only (11 digits starting 13–19): others cannot be contacted. */
export function isMainlandMobile(input: string): boolean {
  return /^1[3-9]\d{9}$/.test(normalizePhone(input));
}

const Hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
export function inContactWindow(time: string): boolean {
  return Hhmm.test(time) && time >= CONTACT_WINDOW.from && time <= CONTACT_WINDOW.to;
}

/** The account field: the visitor's registered e-mail or phone, or the word "none". */
export function isAccount(value: string): boolean {
  const v = value.trim();
  return /^none$/i.test(v) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || /^\+?[\d\s-]{6,20}$/.test(v);
}

const required = (max: number) => z.string().trim().min(1).max(max);

/** Field order is the form's order: the first problem reported is the first the visitor meets. */
export const BookingFields = z
  .object({
    slot_id: z.coerce.number().int().min(1).max(2_147_483_647),
    company: required(BOOKING_LIMITS.company),
    account: required(BOOKING_LIMITS.account).refine(isAccount),
    phone: required(BOOKING_LIMITS.phone).refine(isMainlandMobile),
    chat_app: z.enum(["yes", "no"]),
    content: required(BOOKING_LIMITS.content),
    contact_from: z.string().trim().min(1).refine(inContactWindow),
    contact_to: z.string().trim().min(1).refine(inContactWindow),
  })
  .refine((b) => b.contact_from < b.contact_to, { path: ["contact_to"] });

export type BookingFieldName = "slot_id" | "company" | "account" | "phone" | "chat_app" | "content" | "contact_from" | "contact_to";
export const BOOKING_FIELD_ORDER: readonly BookingFieldName[] = ["slot_id", "company", "account", "phone", "chat_app", "content", "contact_from", "contact_to"];

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

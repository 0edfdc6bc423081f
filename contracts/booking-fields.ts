/**
 * The pre-sales booking form's fields and limits (spec sections 3 and 5), without the schema: the
 * page renders and hydrates with these, and loads the validation (booking-rules.ts, with zod) once
 * it is idle after hydration, since building zod's schemas is a long task on a phone.
 */

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

export type BookingFieldName = "slot_id" | "company" | "account" | "phone" | "chat_app" | "content" | "contact_from" | "contact_to";
export const BOOKING_FIELD_ORDER: readonly BookingFieldName[] = ["slot_id", "company", "account", "phone", "chat_app", "content", "contact_from", "contact_to"];

/**
 * The "leave us a message" form's rules (the chat's fallback), shared by the server, which is the
 * authority, and the browser, which checks the same things first.
 */
import { z } from "zod";

// The site's CSP forbids eval in the browser; zod must not compile schemas there.
if (typeof window !== "undefined") z.config({ jitless: true });

export const MESSAGE_LIMITS = { name: 80, contact: 200, message: 3000 } as const;

export const MessageFields = z.object({
  name: z.string().trim().min(1).max(MESSAGE_LIMITS.name),
  contact: z.string().trim().min(1).max(MESSAGE_LIMITS.contact),
  message: z.string().trim().min(1).max(MESSAGE_LIMITS.message),
});

export type MessageFieldName = keyof typeof MessageFields.shape;
export const MESSAGE_FIELD_ORDER: readonly MessageFieldName[] = ["name", "contact", "message"];

/** The first problem in the form's order: "required" (10100) or "tooLong" (10101). */
export function firstMessageProblem(values: Partial<Record<MessageFieldName, string>>): { field: MessageFieldName; kind: "required" | "tooLong" } | null {
  for (const field of MESSAGE_FIELD_ORDER) {
    const value = (values[field] ?? "").trim();
    if (!value) return { field, kind: "required" };
    if (value.length > MESSAGE_LIMITS[field]) return { field, kind: "tooLong" };
  }
  return null;
}

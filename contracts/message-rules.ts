/**
 * The "leave us a message" form's rules (the chat's fallback), shared by the server, which is the
 * authority (message-rules.server.ts), and the browser, which checks the same things first.
 */
export const MESSAGE_LIMITS = { name: 80, contact: 200, message: 3000 } as const;

export type MessageFieldName = keyof typeof MESSAGE_LIMITS;
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

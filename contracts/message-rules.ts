/**
 * The "leave us a message" form's rules (the chat's fallback and the contact page), shared by the
 * server, which checks them (message-rules.server.ts), and the form, which says in its own words
 * what the server found wrong with a field.
 */
export const MESSAGE_LIMITS = { name: 80, contact: 200, message: 3000 } as const;

export type MessageFieldName = keyof typeof MESSAGE_LIMITS;
export const MESSAGE_FIELD_ORDER: readonly MessageFieldName[] = ["name", "contact", "message"];

/** What is wrong with one field's value: "required" (10100), "tooLong" (10101), or nothing. */
export function messageFieldProblem(field: MessageFieldName, value: string | undefined): "required" | "tooLong" | null {
  const text = (value ?? "").trim();
  if (!text) return "required";
  if (text.length > MESSAGE_LIMITS[field]) return "tooLong";
  return null;
}

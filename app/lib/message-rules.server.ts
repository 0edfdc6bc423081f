/**
 * The message form as the server checks it. Apart from message-rules.ts, which the browser's form
 * loads, so that zod stays out of the browser.
 */
import { z } from "zod";
import { MESSAGE_LIMITS, type MessageFieldName } from "@contracts/message-rules";

export const MessageFields = z.object({
  name: z.string().trim().min(1).max(MESSAGE_LIMITS.name),
  contact: z.string().trim().min(1).max(MESSAGE_LIMITS.contact),
  message: z.string().trim().min(1).max(MESSAGE_LIMITS.message),
} satisfies Record<MessageFieldName, z.ZodType>);

/**
 * What the server accepts as a usage event. Apart from usage-events.ts, which the browser's
 * tracker loads, so that zod stays out of the browser.
 */
import { z } from "zod";
import { ERROR_TYPES } from "./usage-events";

const text = (max: number) => z.string().max(max).default("");

const Common = z.object({
  event_type: z.number().int(),
  object_type: z.number().int(),
  at: z.number().int().min(1_600_000_000_000).max(4_000_000_000_000),
  url: z.string().max(1000),
  title: text(300),
  referrer: text(1000),
  lang: z.string().max(5),
  device_id: z.string().regex(/^[\w-]{8,64}$/),
  user_id: text(64),
  os: text(20),
  ua: text(400),
  screen_w: z.number().int().min(0).max(100_000),
  screen_h: z.number().int().min(0).max(100_000),
  dpr: z.number().min(0).max(10),
  app_version: text(40),
});

export const UsageEvent = z.discriminatedUnion("kind", [
  Common.extend({ kind: z.literal("view"), load_ms: z.number().int().min(0).max(600_000).optional() }),
  Common.extend({ kind: z.literal("click"), key: text(100), content: text(200), el_type: text(20), el_class: text(200), target_url: text(1000) }),
  Common.extend({ kind: z.literal("expose"), key: text(100), content: text(200) }),
  Common.extend({
    kind: z.literal("error"),
    error_type: z.union([z.literal(ERROR_TYPES.resource), z.literal(ERROR_TYPES.script), z.literal(ERROR_TYPES.rejection)]),
    error_message: text(500),
    target_url: text(1000),
  }),
]);
export type UsageEvent = z.infer<typeof UsageEvent>;

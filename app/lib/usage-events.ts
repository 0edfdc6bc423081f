/**
 * Usage events (spec sections 3, 5 and 9): four kinds only, each with its event and object type
 * codes; script errors carry their own codes. Shared by the browser, which records them, and the
 * server, which validates every event and drops anything else.
 */
import { z } from "zod";

// The site's CSP forbids eval in the browser; zod must not compile schemas there.
if (typeof window !== "undefined") z.config({ jitless: true });

export const EVENT_CODES = {
  click: { event_type: 3, object_type: 23 },
  view: { event_type: 0, object_type: 22 },
  expose: { event_type: 5, object_type: 24 },
  error: { event_type: 6, object_type: 25 },
} as const;
export type UsageKind = keyof typeof EVENT_CODES;

export const ERROR_TYPES = { resource: 100101, script: 100102, rejection: 100103 } as const;

/** Click tracking is capped at 20 items per page. */
export const MAX_CLICKS_PER_PAGE = 20;

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

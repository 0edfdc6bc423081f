/**
 * What the server accepts as a usage event. Apart from usage-events.ts, which the browser's
 * tracker loads, so that zod stays out of the browser.
 */
import { z } from "zod";
import { ERROR_TYPES, EVENT_CODES, type UsageKind } from "@contracts/usage-events";

// Every text is bounded, so one stored event is at most a few KB (docs/decisions/0019: what is kept).
const text = (max: number) => z.string().max(max).default("");

const Common = z.object({
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

/** A kind and exactly its spec codes (click 3/23, view 0/22, expose 5/24, error 6/25): any other pair is not that event. */
const kind = <K extends UsageKind>(name: K) =>
  Common.extend({ kind: z.literal(name), event_type: z.literal(EVENT_CODES[name].event_type), object_type: z.literal(EVENT_CODES[name].object_type) });

export const UsageEvent = z.discriminatedUnion("kind", [
  kind("view").extend({ load_ms: z.number().int().min(0).max(600_000).optional() }),
  kind("click").extend({ key: text(100), content: text(200), el_type: text(20), el_class: text(200), target_url: text(1000) }),
  kind("expose").extend({ key: text(100), content: text(200) }),
  kind("error").extend({
    error_type: z.union([z.literal(ERROR_TYPES.resource), z.literal(ERROR_TYPES.script), z.literal(ERROR_TYPES.rejection)]),
    error_message: text(500),
    target_url: text(1000),
  }),
]);
export type UsageEvent = z.infer<typeof UsageEvent>;

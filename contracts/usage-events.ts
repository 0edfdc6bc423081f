/**
 * Usage events (spec sections 3, 5 and 9): four kinds only, each with its event and object type
 * codes; script errors carry their own codes. The browser records them with these codes; the
 * server validates every event against usage-events.server.ts and drops anything else.
 */

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

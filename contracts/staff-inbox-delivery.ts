/** The outbox delivery status of a record's announcement, as server/infrastructure/outbox.server.ts reports it. */
export const DELIVERY_STATES = ["delivered", "pending", "failing", "missing"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface DeliveryStatus {
  state: DeliveryState;
  outbox_id: number | null;
  attempts: number;
  created_at: string | null;
  delivered_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
}

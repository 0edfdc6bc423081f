/** Shapes of the staff inbox (messages from the chat's fallback form, partner applications) that services produce and pages show. */
import type { DeliveryStatus } from "./staff-inbox-delivery";

export const INBOX_STATUSES = ["new", "handled"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_FILTERS = ["new", "handled", "all"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_KINDS = ["message", "application"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export interface InboxCounts {
  new: number;
  handled: number;
}

interface InboxRecord {
  id: number;
  reference: string;
  lang: string;
  status: InboxStatus;
  created_at: string;
  handled_at: string | null;
  delivery: DeliveryStatus;
}

export interface MessageSummary extends InboxRecord {
  name: string;
  contact: string;
  /** The message's first characters on one line. */
  preview: string;
}

export interface MessageDetail extends MessageSummary {
  message: string;
  page_url: string;
}

export interface ApplicationSummary extends InboxRecord {
  company: string;
  contact_name: string;
  email: string;
  preview: string;
}

export interface ApplicationDetail extends ApplicationSummary {
  website: string;
  message: string;
  type: { slug: string; name: string };
  regions: { slug: string; name: string }[];
}

export interface InboxPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

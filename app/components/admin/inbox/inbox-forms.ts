import { INBOX_KINDS, type InboxKind } from "@contracts/staff-inbox";

/** A record's "mark handled / new" form: its intent names the record (a list has one form per row). */
export const inboxIntent = (kind: InboxKind, id: number) => `inbox-${kind}-${id}`;

/** Which record kind a posted "mark handled / new" form is about: its intent (`inbox-<kind>-<id>`) must name the id it posts. */
export function inboxActionFor(intent: string, form: FormData): InboxKind | null {
  const match = /^inbox-(\w+)-(\d+)$/.exec(intent);
  if (!match || match[2] !== form.get("id")) return null;
  return (INBOX_KINDS as readonly string[]).includes(match[1]!) ? (match[1] as InboxKind) : null;
}

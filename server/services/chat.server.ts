/**
 * The online chat's server side (docs/decisions/0017): the chat type config per language, the
 * chat choice per visitor, and the messages visitors leave when no chat widget could load.
 */
import { sql } from "drizzle-orm";
import type { InboxCounts, InboxFilter, InboxPage, InboxStatus, MessageDetail, MessageSummary } from "@contracts/staff-inbox";
import type { LangKey } from "~/i18n/languages";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import { isoUtc } from "../db/sql-helpers.server";
import { clientHash, spendAllowance } from "../infrastructure/abuse-limits.server";
import { countryOf } from "../infrastructure/geo.server";
import { deliveryStatuses, enqueue, setAnnouncedRecordStatus } from "../infrastructure/outbox.server";
import { newReference } from "../infrastructure/references.server";

export interface ChatSettings {
  /** CHAT_EXCLUDED_IP: the one address that gets no chat set-up. */
  excludedIp?: string;
  /** CHAT_EASEMOB_COUNTRIES: whose visitors the choice sends to easemob. */
  easemobCountries: readonly string[];
  /** CHAT_HUANXIN_SCRIPT: the fixed script of HUAN_XIN. */
  huanxinScript: string;
}

/** Without configuration (tests, tools): nobody excluded, China to easemob, easemob's own script. */
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { easemobCountries: ["CN"], huanxinScript: "https://kefu.easemob.com/webim/easemob.js" };

export interface ChatConfigAnswer {
  chat: string;
  chat_info: { js: string; easemob_js: string };
  setup: boolean;
  autostart: boolean;
}

const scriptTag = (src: string | null) => (src ? `<script src="${src}" async></script>` : "");

/**
 * The chat type config of a language, as the site's client expects it: the type, the script tag
 * that type loads (HUAN_XIN: the fixed easemob script), the easemob script for visitors the
 * choice sends there, and whether this visitor gets chat set up at all.
 */
export async function chatConfig(db: Executor, lang: LangKey, ip: string | undefined, settings: ChatSettings): Promise<ChatConfigAnswer> {
  const { rows } = await db.execute<{ chat_type: string; script_url: string | null; autostart: boolean }>(sql`
    SELECT chat_type, script_url, autostart FROM chat_settings WHERE lang IN (${lang}, 'en') ORDER BY (lang = ${lang}) DESC LIMIT 1`);
  const row = rows[0] ?? { chat_type: "NONE", script_url: null, autostart: false };
  const script = row.chat_type === "HUAN_XIN" ? settings.huanxinScript : row.script_url;
  return {
    chat: row.chat_type,
    chat_info: { js: scriptTag(script), easemob_js: scriptTag(settings.huanxinScript) },
    setup: !(settings.excludedIp && ip && sameAddress(ip, settings.excludedIp)),
    autostart: row.autostart,
  };
}

function sameAddress(a: string, b: string): boolean {
  const bare = (ip: string) => (ip.startsWith("::ffff:") ? ip.slice(7) : ip).toLowerCase();
  return bare(a) === bare(b);
}

/** Which chat a visitor gets when human chat is on: easemob in the configured countries, the sales chat elsewhere. */
export async function chooseChat(ip: string | undefined, settings: ChatSettings): Promise<{ type: "easemob" | "ss"; country: string | null }> {
  const country = await countryOf(ip);
  return { type: country && settings.easemobCountries.includes(country) ? "easemob" : "ss", country };
}

export interface MessageInput {
  name: string;
  contact: string;
  message: string;
  page: string;
  lang: LangKey;
}

/** The outbox topic a stored message is announced under; its payload carries the message's `reference`. */
export const MESSAGE_TOPIC = "visitor.message";

/** Stores a message and its outbox notice in one transaction, within the visitor's allowance. */
export async function leaveMessage(db: Database, input: MessageInput, ctx: { ip: string | undefined }): Promise<{ id: number; reference: string }> {
  return db.transaction(async (tx) => {
    await spendAllowance(tx, "message", { ip: ctx.ip });
    const reference = newReference("MS");
    const { rows } = await tx.execute<{ id: number; created_at: Date }>(sql`
      INSERT INTO visitor_messages (reference, name, contact, message, lang, page_url, client_hash)
      VALUES (${reference}, ${input.name}, ${input.contact}, ${input.message}, ${input.lang}, ${input.page}, ${await clientHash(tx, ctx.ip)})
      RETURNING id, created_at`);
    const row = rows[0]!;
    await enqueue(tx, MESSAGE_TOPIC, { id: row.id, reference, ...input, created_at: new Date(row.created_at).toISOString() });
    return { id: row.id, reference };
  });
}

// ---- staff area ----------------------------------------------------------------------------

const statusIs = (filter: InboxFilter) => (filter === "all" ? sql`true` : sql`status = ${filter}`);

/** A message's first characters on one line, for lists. */
const ONE_LINE = sql`regexp_replace(btrim(message), '\\s+', ' ', 'g')`;
const PREVIEW = sql`CASE WHEN char_length(${ONE_LINE}) > 160 THEN left(${ONE_LINE}, 160) || '…' ELSE ${ONE_LINE} END`;

const MESSAGE_COLUMNS = sql`
  id, reference, name, contact, lang, status, ${PREVIEW} AS preview,
  ${isoUtc(sql`created_at`)} AS created_at, ${isoUtc(sql`handled_at`)} AS handled_at`;

export async function visitorMessageCounts(db: Executor): Promise<InboxCounts> {
  const { rows } = await db.execute<{ new: number; handled: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'new')::int AS new, count(*) FILTER (WHERE status = 'handled')::int AS handled FROM visitor_messages`);
  return rows[0]!;
}

/**
 * Messages newest first, one page, each with the delivery status of its announcement. The order
 * names the table's column: a bare `created_at` is the formatted output column, no index's order.
 */
export async function listVisitorMessages(db: Executor, q: { status: InboxFilter; page: number; pageSize: number }): Promise<InboxPage<MessageSummary>> {
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<Omit<MessageSummary, "delivery">>(sql`
      SELECT ${MESSAGE_COLUMNS} FROM visitor_messages WHERE ${statusIs(q.status)}
      ORDER BY visitor_messages.created_at DESC, visitor_messages.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM visitor_messages WHERE ${statusIs(q.status)}`),
  ]);
  const delivery = await deliveryStatuses(
    db,
    MESSAGE_TOPIC,
    rows.map((r) => r.reference),
  );
  return { list: rows.map((r) => ({ ...r, delivery: delivery.get(r.reference)! })), total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

/** One message as written, with the delivery status of its announcement; null when there is none. */
export async function visitorMessageById(db: Executor, id: number): Promise<MessageDetail | null> {
  const { rows } = await db.execute<Omit<MessageDetail, "delivery">>(sql`
    SELECT ${MESSAGE_COLUMNS}, message, page_url FROM visitor_messages WHERE id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  const delivery = await deliveryStatuses(db, MESSAGE_TOPIC, [row.reference]);
  return { ...row, delivery: delivery.get(row.reference)! };
}

/** Marks a message handled or new (outbox.server.ts: setAnnouncedRecordStatus); null when there is none. */
export function setVisitorMessageStatus(
  db: Database,
  staff: Pick<StaffIdentity, "id" | "email">,
  id: number,
  status: InboxStatus,
): Promise<{ changed: boolean } | null> {
  return setAnnouncedRecordStatus(db, staff, { table: "visitor_messages", entity: "visitor-message", id }, status);
}

/**
 * The online chat's server side (docs/decisions/0017): the chat type config per language, the
 * chat choice per visitor, and the messages visitors leave when no chat widget could load.
 */
import { sql } from "drizzle-orm";
import type { LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { clientHash, spendAllowance } from "./abuse-limits.server";
import { countryOf } from "./geo.server";
import { enqueue } from "./outbox.server";
import { newReference } from "./references.server";

type Executor = Pick<Database, "execute">;

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
    await enqueue(tx, "visitor.message", { id: row.id, reference, ...input, created_at: new Date(row.created_at).toISOString() });
    return { id: row.id, reference };
  });
}

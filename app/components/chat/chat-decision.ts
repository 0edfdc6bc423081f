/**
 * The chat's decision table (spec section 4), kept pure so every branch is tested:
 * - set-up: after the visitor-IP and chat-config look-ups, SS_ROBOT loads the robot script and
 *   no human chat, SS_HUMAN the human-chat script, HUAN_XIN the fixed (easemob) script, anything
 *   else the configured script; the one configured visitor address gets no chat at all;
 * - opening: without human chat the sales chat opens; otherwise `third/chat/choose` decides:
 *   "ss" opens the sales chat, "easemob" or anything else the other widget, and the sales chat
 *   when that widget is missing; with neither, the first-party message form.
 */

export type ChatType = "SS_ROBOT" | "SS_HUMAN" | "HUAN_XIN" | (string & {});

export interface ChatConfig {
  chat: ChatType;
  chat_info: { js: string; easemob_js?: string };
  /** False for the one visitor address excluded from chat set-up (decided by the server). */
  setup: boolean;
  /** Open the widget by itself, 500 ms after load. */
  autostart: boolean;
}

/** The address of a chat script tag (or a bare address): https and ending in .js, or nothing. */
export function chatScriptUrl(js: string): string | null {
  const src = /<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(js)?.[1] ?? js.trim();
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  return url.protocol === "https:" && url.pathname.endsWith(".js") && !url.username && !url.password ? url.href : null;
}

export interface ChatSetup {
  /** The script to load, already checked (https, .js); null: none. */
  script: string | null;
  /** Whether human chat exists: without it, opening chat opens the (robot) sales chat. */
  humanChat: boolean;
  /** Which widget the script provides. */
  widget: "sales" | "easemob" | null;
  /** Easemob's script, for visitors the choice sends there when the configured widget is the sales chat. */
  easemobScript: string | null;
  autostart: boolean;
}

export const NO_CHAT: ChatSetup = { script: null, humanChat: false, widget: null, easemobScript: null, autostart: false };

export function chatSetup(config: ChatConfig | null): ChatSetup {
  if (!config || !config.setup) return NO_CHAT;
  const script = chatScriptUrl(config.chat_info.js);
  const base = { script, easemobScript: chatScriptUrl(config.chat_info.easemob_js ?? ""), autostart: config.autostart };
  switch (config.chat) {
    case "SS_ROBOT":
      return { ...base, humanChat: false, widget: script ? "sales" : null };
    case "HUAN_XIN":
      return { ...base, humanChat: true, widget: script ? "easemob" : null };
    default: // SS_HUMAN, and any other type with its configured script
      return { ...base, humanChat: true, widget: script ? "sales" : null };
  }
}

export type ChatTarget = "sales" | "easemob" | "form";

/**
 * Which chat opens. `ensure` loads a widget's script when needed and says whether the widget is
 * there (a blocked, offline or timed-out script leaves nothing); `choose` is asked only when human
 * chat is on.
 */
export async function chatToOpen(
  setup: ChatSetup,
  ensure: (widget: "sales" | "easemob") => Promise<boolean>,
  choose: () => Promise<"ss" | "easemob" | (string & {}) | null>,
): Promise<ChatTarget> {
  const sales = async (): Promise<ChatTarget> => ((await ensure("sales")) ? "sales" : "form");
  if (!setup.humanChat) return sales();
  const type = await choose();
  if (type === "ss") return sales();
  return (await ensure("easemob")) ? "easemob" : sales();
}

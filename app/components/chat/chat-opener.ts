import type { LangKey } from "~/i18n/languages";
import { getJson } from "~/lib/api-client";
import { chatSetup, chatToOpen, NO_CHAT, type ChatConfig, type ChatSetup } from "./chat-decision";
import { easemobPresent, isMobileDevice, loadScript, openEasemob, openSalesChat, salesChatPresent } from "./widgets";

export interface ChatOpener {
  /** The visitor's address and the language's chat config, asked once. */
  lookUp(): Promise<ChatSetup>;
  /** Opens the chat widget that should answer; false when none does (the message form's turn). */
  open(): Promise<boolean>;
}

/**
 * What the chat button does (spec section 4, docs/decisions/0017), loaded after idle or on the
 * first click rather than with the page.
 */
export function createChatOpener(lang: LangKey): ChatOpener {
  let setup: Promise<ChatSetup> | null = null;
  let visitorIp: string | null = null;

  const lookUp = () =>
    (setup ??= Promise.all([getJson<{ ip: string }>("/api/visitor/ip", { lang }), getJson<ChatConfig>("/api/third/chat/config", { lang, type: "www" })]).then(
      ([ip, config]) => {
        visitorIp = ip.ok ? ip.data.ip : null;
        return config.ok ? chatSetup(config.data) : NO_CHAT;
      },
    ));

  const open = async () => {
    const current = await lookUp();
    const ensure = async (widget: "sales" | "easemob") => {
      const script = widget === current.widget ? current.script : widget === "easemob" ? current.easemobScript : null;
      if (script) await loadScript(script);
      return widget === "sales" ? salesChatPresent() : easemobPresent();
    };
    const choose = async () => {
      const query: Record<string, string> = { lang };
      if (visitorIp) query.ip = visitorIp;
      const answer = await getJson<{ type: string }>("/api/third/chat/choose", query);
      return answer.ok ? answer.data.type : null;
    };
    const target = await chatToOpen(current, ensure, choose);
    // Closing the chat on a phone or tablet reloads the page (spec section 4).
    const onClose = () => {
      if (isMobileDevice()) window.location.reload();
    };
    if (target === "sales") openSalesChat(onClose);
    else if (target === "easemob") openEasemob(onClose);
    return target === "sales" || target === "easemob";
  };

  return { lookUp, open };
}

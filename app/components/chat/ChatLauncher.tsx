import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import { getJson } from "~/lib/api-client";
import { chatSetup, chatToOpen, NO_CHAT, type ChatConfig, type ChatSetup } from "./chat-decision";
import { LeaveMessageDialog } from "./LeaveMessageDialog";
import { easemobPresent, isMobileDevice, loadScript, openEasemob, openSalesChat, salesChatPresent } from "./widgets";

/** Runs after the page is interactive and the browser is idle, never in the critical path. */
function whenIdle(run: () => void): () => void {
  // Safari has no requestIdleCallback: a second after hydration instead.
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 4_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1_000);
  return () => clearTimeout(handle);
}

/**
 * The chat button (spec section 4, docs/decisions/0017). After hydration and idle it looks up the
 * visitor's address and the language's chat config; nothing of a widget loads until the visitor
 * asks for chat (or the config says the widget starts by itself, 500 ms after load). When no
 * widget is there, the button opens the first-party message form instead.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const lang = useLang();
  const setup = useRef<ChatSetup | null>(null);
  const visitorIp = useRef<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [formOpen, setFormOpen] = useState(false);

  const lookUp = useCallback(async (): Promise<ChatSetup> => {
    if (setup.current) return setup.current;
    const [ip, config] = await Promise.all([
      getJson<{ ip: string }>("/api/visitor/ip", { lang }),
      getJson<ChatConfig>("/api/third/chat/config", { lang, type: "www" }),
    ]);
    visitorIp.current = ip.ok ? ip.data.ip : null;
    setup.current = config.ok ? chatSetup(config.data) : NO_CHAT;
    return setup.current;
  }, [lang]);

  const open = useCallback(async () => {
    setOpening(true);
    const current = await lookUp();
    const ensure = async (widget: "sales" | "easemob") => {
      const script = widget === current.widget ? current.script : widget === "easemob" ? current.easemobScript : null;
      if (script) await loadScript(script);
      return widget === "sales" ? salesChatPresent() : easemobPresent();
    };
    const choose = async () => {
      const query: Record<string, string> = { lang };
      if (visitorIp.current) query.ip = visitorIp.current;
      const answer = await getJson<{ type: string }>("/api/third/chat/choose", query);
      return answer.ok ? answer.data.type : null;
    };
    const target = await chatToOpen(current, ensure, choose);
    setOpening(false);
    // Closing the chat on a phone or tablet reloads the page (spec section 4).
    const onClose = () => {
      if (isMobileDevice()) window.location.reload();
    };
    if (target === "sales") openSalesChat(onClose);
    else if (target === "easemob") openEasemob(onClose);
    else setFormOpen(true);
  }, [lang, lookUp]);

  useEffect(() => {
    setup.current = null;
    let timer: number | undefined;
    const cancel = whenIdle(() => {
      void lookUp().then((current) => {
        if (current.autostart && current.script) timer = window.setTimeout(() => void open(), 500);
      });
    });
    return () => {
      cancel();
      window.clearTimeout(timer);
    };
  }, [lookUp, open]);

  return (
    <>
      <button
        type="button"
        onClick={() => void open()}
        aria-haspopup="dialog"
        aria-busy={opening}
        className="fixed bottom-6 right-6 z-40 flex items-center gap-2 rounded-full bg-indigo-600 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-indigo-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-indigo-300"
        data-testid="chat-button"
      >
        <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
          <path d="M3 5a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H9l-4 3.5V14H6a3 3 0 0 1-3-3V5Z" />
        </svg>
        <span className="hidden sm:inline">{opening ? t("chat.opening") : t("chat.open")}</span>
        <span className="sr-only sm:hidden">{opening ? t("chat.opening") : t("chat.open")}</span>
      </button>
      <LeaveMessageDialog open={formOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}

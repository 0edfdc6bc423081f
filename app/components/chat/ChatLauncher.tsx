import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/urls/paths";
import { whenIdle } from "~/lib/when-idle";
import type { ChatOpener } from "./chat-opener";

// Deciding and opening a chat happens after idle or on a click, and the message form is for the
// few who ask for chat where no widget answers: that code loads then, not with every page.
const loadOpener = () => import("./chat-opener");
const loadDialog = () => import("./LeaveMessageDialog");
const LeaveMessageDialog = lazy(() => loadDialog().then((m) => ({ default: m.LeaveMessageDialog })));

/**
 * The chat button (spec section 4, docs/decisions/0017). After hydration and idle it looks up the
 * visitor's address and the language's chat config; nothing of a widget loads until the visitor
 * asks for chat (or the config says the widget starts by itself, 500 ms after load). When no
 * widget is there, the button opens the first-party message form instead. It is a link to the
 * contact page, which has the same form: before or without scripts, it takes the visitor there.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const { lang, defaultLang } = useSiteLocale();
  const contactPage = localizePath("/contact", lang, defaultLang);
  const opener = useRef<Promise<ChatOpener> | null>(null);
  const [opening, setOpening] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  // Mounted from the first opening on, so a half-written message survives closing the form.
  const [formMounted, setFormMounted] = useState(false);

  const chat = useCallback(() => (opener.current ??= loadOpener().then((m) => m.createChatOpener(lang))), [lang]);

  const open = useCallback(async () => {
    setOpening(true);
    void loadDialog();
    const opened = await (await chat()).open();
    setOpening(false);
    if (!opened) {
      setFormMounted(true);
      setFormOpen(true);
    }
  }, [chat]);

  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    // Another button or a modifier key: the browser's (the contact page in a new tab, say).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void open();
  };

  useEffect(() => {
    opener.current = null;
    let timer: number | undefined;
    const cancel = whenIdle(() => {
      void chat()
        .then((c) => c.lookUp())
        .then((current) => {
          if (current.autostart && current.script) timer = window.setTimeout(() => void open(), 500);
        });
    });
    return () => {
      cancel();
      window.clearTimeout(timer);
    };
  }, [chat, open]);

  return (
    <>
      {/* A landmark of its own: a link is content, and the button floats outside the page's landmarks. */}
      <aside aria-label={t("chat.open")}>
        <a
          href={contactPage}
          onClick={click}
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
        </a>
      </aside>
      {formMounted ? (
        <Suspense fallback={null}>
          <LeaveMessageDialog open={formOpen} onClose={() => setFormOpen(false)} action={contactPage} />
        </Suspense>
      ) : null}
    </>
  );
}

import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { useToast } from "../shell/Toaster";
import { whenNoOverlay } from "../shell/overlays";

declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize: (options: Record<string, unknown>) => void;
          prompt: () => void;
        };
      };
    };
  }
}

/** Spec section 9: the prompt is loaded about 3 seconds after start. */
export const ONE_TAP_DELAY_MS = 3_000;
export const GIS_SCRIPT = "https://accounts.google.com/gsi/client";
/** Set after a successful sign-in, so a signed-in visitor is not prompted again. */
export const SIGNED_IN_COOKIE = "signed_in";

/**
 * Google one-tap (spec sections 4, 7; docs/decisions/0018): about 3 s after start, only when a
 * client id is configured and the visitor is not signed in, it loads Google Identity Services and
 * prompts (one-tap-prompt.ts, loaded only then), once the language prompt and the cookie banner
 * are answered: one thing over the page at a time (docs/decisions/0032). The credential is sealed for the server and
 * posted to the sign-in address; success opens the application with `t=<cpl>`, any failure says
 * "Registration failed!".
 */
export function OneTap() {
  const { t } = useTranslation();
  const lang = useLang();
  const toast = useToast();

  useEffect(() => {
    if (document.cookie.split("; ").some((c) => c === `${SIGNED_IN_COOKIE}=1`)) return;
    let cancelled = false;
    let stopWaiting = () => {};
    const timer = window.setTimeout(() => {
      stopWaiting = whenNoOverlay(async () => {
        const { promptOneTap } = await import("./one-tap-prompt");
        if (!cancelled)
          await promptOneTap(
            lang,
            () => toast(t("oneTap.failed"), { type: "error" }),
            () => cancelled,
          );
      });
    }, ONE_TAP_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      stopWaiting();
    };
  }, [lang, t, toast]);

  return null;
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import { getJson } from "~/lib/api-client";
import { seal } from "~/lib/seal";
import { useToast } from "../shell/Toaster";
import { loadScript } from "../chat/widgets";

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

interface OneTapConfig {
  client_id: string | null;
  nonce: string | null;
  key_id: string;
  public_key: string;
  app_login_url: string;
}

/** The invite code and referral parameter a visitor arrived with (?invite=, ?ref=), kept for the visit. */
function arrivalParams(): { invite: string; ref: string } {
  const url = new URL(window.location.href);
  for (const name of ["invite", "ref"] as const) {
    const value = url.searchParams.get(name);
    if (value && /^[\w-]{1,64}$/.test(value)) sessionStorage.setItem(`arrival-${name}`, value);
  }
  return { invite: sessionStorage.getItem("arrival-invite") ?? "", ref: sessionStorage.getItem("arrival-ref") ?? "" };
}

/**
 * Google one-tap (spec sections 4, 7; docs/decisions/0018): about 3 s after start, only when a
 * client id is configured and the visitor is not signed in, it loads Google Identity Services and
 * prompts. The credential is sealed for the server and posted to the sign-in address; success
 * opens the application with `t=<cpl>`, any failure says "Registration failed!".
 */
export function OneTap() {
  const { t } = useTranslation();
  const lang = useLang();
  const toast = useToast();

  useEffect(() => {
    if (document.cookie.split("; ").some((c) => c === `${SIGNED_IN_COOKIE}=1`)) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      const config = await getJson<OneTapConfig>("/api/passport/one-tap", { lang });
      if (cancelled || !config.ok || !config.data.client_id || !config.data.nonce) return;
      const { client_id, nonce, key_id, public_key, app_login_url } = config.data;
      if (!(await loadScript(GIS_SCRIPT)) || !window.google?.accounts?.id || cancelled) return;
      const failed = () => toast(t("oneTap.failed"), { type: "error" });
      window.google.accounts.id.initialize({
        client_id,
        nonce,
        auto_select: false,
        cancel_on_tap_outside: true,
        callback: async ({ credential }: { credential?: string }) => {
          if (!credential) return failed();
          try {
            const { invite, ref } = arrivalParams();
            const form = new FormData();
            form.set("third_party", "google");
            form.set("invite_code", invite);
            form.set("language", lang);
            form.set("source", "www");
            form.set("referer", document.referrer.slice(0, 500));
            form.set("third_party_action_type", "one_tap");
            if (ref) form.set("regParam", ref);
            form.set("redirect_data", JSON.stringify(await seal(credential, public_key, key_id)));
            const res = await fetch("/sys/user/passport/authorized-login", { method: "POST", body: form });
            const body = (await res.json()) as { code: number; data: { cpl?: string } | null };
            // A sign-in answer with any code other than 0 is a failure (spec section 5).
            if (body.code !== 0 || !body.data?.cpl) return failed();
            document.cookie = `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 360}; SameSite=Lax`;
            const target = new URL(app_login_url);
            target.searchParams.set("t", body.data.cpl);
            // A new tab when the browser allows one, the same window otherwise.
            // (window.open with "noopener" always answers null, so the opener is cut by hand.)
            const tab = window.open(target.href, "_blank");
            if (tab) tab.opener = null;
            else window.location.assign(target.href);
          } catch {
            failed();
          }
        },
      });
      window.google.accounts.id.prompt();
    }, ONE_TAP_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [lang, t, toast]);

  return null;
}

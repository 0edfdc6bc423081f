import type { LangKey } from "~/i18n/languages";
import { getJson } from "~/lib/api-client";
import { seal } from "~/lib/seal";
import { loadScript } from "../chat/widgets";
import { GIS_SCRIPT, SIGNED_IN_COOKIE } from "./OneTap";
import { rememberArrivalCodes } from "./account-links";

interface OneTapConfig {
  client_id: string | null;
  nonce: string | null;
  key_id: string;
  public_key: string;
  app_login_url: string;
}

/**
 * Loads Google Identity Services and prompts, when a client id is configured (OneTap loads this
 * module when the prompt is due). The credential is sealed for the server and posted to the
 * sign-in address; success opens the application with `t=<cpl>`, any failure calls `failed`.
 */
export async function promptOneTap(lang: LangKey, failed: () => void, isCancelled: () => boolean): Promise<void> {
  const config = await getJson<OneTapConfig>("/api/passport/one-tap", { lang });
  if (isCancelled() || !config.ok || !config.data.client_id || !config.data.nonce) return;
  const { client_id, nonce, key_id, public_key, app_login_url } = config.data;
  if (!(await loadScript(GIS_SCRIPT)) || !window.google?.accounts?.id || isCancelled()) return;
  window.google.accounts.id.initialize({
    client_id,
    nonce,
    auto_select: false,
    cancel_on_tap_outside: true,
    callback: async ({ credential }: { credential?: string }) => {
      if (!credential) return failed();
      try {
        const { invite, ref } = rememberArrivalCodes(window.location.search, sessionStorage);
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
}

/**
 * Loading the chat widgets and speaking to them (docs/decisions/0017). The sales chat (SS_*)
 * is driven through its command queue, `window.ssq.push("chatOpen")`, and reports its closing
 * with `ssq.push("onCloseChat", callback)`; easemob's widget (HUAN_XIN) opens with
 * `window.easemobim.bind({ onclose })`. A script that errors, is blocked or takes longer than
 * LOAD_TIMEOUT_MS counts as missing: the caller falls back to the next chat or the message form.
 */

declare global {
  interface Window {
    ssq?: { push: (command: string, ...args: unknown[]) => unknown };
    easemobim?: { bind: (options: Record<string, unknown>) => unknown };
  }
}

export const LOAD_TIMEOUT_MS = 5_000;

const loads = new Map<string, Promise<boolean>>();

/**
 * The page's CSP nonce (browsers expose it as a property, not an attribute), for scripts we add;
 * none on a cached page, whose policy names each configured chat script instead (0021).
 */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/** Loads a script once; true when it ran, false when it failed, was blocked or timed out. */
export function loadScript(src: string): Promise<boolean> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<boolean>((resolve) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.nonce = pageNonce();
      script.dataset.chat = "";
      const timer = window.setTimeout(() => resolve(false), LOAD_TIMEOUT_MS);
      script.onload = () => {
        window.clearTimeout(timer);
        resolve(true);
      };
      script.onerror = () => {
        window.clearTimeout(timer);
        resolve(false);
      };
      document.head.appendChild(script);
    });
    loads.set(src, load);
  }
  return load;
}

export function salesChatPresent(): boolean {
  return typeof window.ssq?.push === "function";
}

export function easemobPresent(): boolean {
  return typeof window.easemobim?.bind === "function";
}

/** Touch screens without much room: closing the chat reloads the page there (spec section 4). */
export function isMobileDevice(): boolean {
  return window.matchMedia("(pointer: coarse)").matches && window.innerWidth < 1024;
}

export function openSalesChat(onClose: () => void): void {
  window.ssq!.push("onCloseChat", onClose);
  window.ssq!.push("chatOpen");
}

export function openEasemob(onClose: () => void): void {
  window.easemobim!.bind({ onclose: onClose });
}

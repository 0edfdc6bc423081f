/** A desktop system the client is built for (the release files' `system`). */
export type DetectedSystemKey = "win64" | "win32" | "mac-arm64" | "mac-x64" | "linux";

/**
 * The visitor's system from the user agent and platform, with the CPU architecture when the
 * browser tells it (Client Hints). Safari and Firefox report Intel on Apple silicon Macs, so a Mac
 * that cannot be told apart gets both Mac builds, the likely one first.
 *
 * Self-contained on purpose: the visitor-state head script (app/lib/visitor-state.ts) embeds its
 * source, so the download page's order is right from the first paint.
 */
export function detectSystem(ua: string, platform: string, architecture?: string): { systems: DetectedSystemKey[]; certain: boolean } {
  if (/Windows/i.test(ua)) return { systems: [/WOW64|Win64|x64/i.test(ua) || !/Windows NT/.test(ua) ? "win64" : "win32"], certain: true };
  if (/Mac/i.test(platform) || /Macintosh/i.test(ua)) {
    if (architecture === "arm") return { systems: ["mac-arm64"], certain: true };
    if (architecture === "x86") return { systems: ["mac-x64"], certain: true };
    return { systems: ["mac-arm64", "mac-x64"], certain: false }; // most Macs sold since 2021 are Apple silicon
  }
  if (/Linux/i.test(ua) && !/Android/i.test(ua)) return { systems: ["linux"], certain: true };
  return { systems: [], certain: false };
}

/** Marks <html> with the detected systems: app.css orders and highlights the download page's files by them. */
export function markDetectedSystem(root: HTMLElement, detected: { systems: string[] }): void {
  const [first, also] = detected.systems;
  if (first) root.setAttribute("data-os", first);
  else root.removeAttribute("data-os");
  if (also) root.setAttribute("data-os-also", also);
  else root.removeAttribute("data-os-also");
}

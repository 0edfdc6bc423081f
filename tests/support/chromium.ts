import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";

/** How Debian's Chromium is started headless here, as root, without reaching the network: Playwright and the Lighthouse bench alike. */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const LATIN_ONLY_FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation", "/usr/share/fonts/truetype/liberation2"];

/**
 * Chromium that sees only a Latin font (fontconfig limited to one directory): a machine without
 * CJK, Thai or Devanagari fonts, whatever this one has (the font e2e tests and the bench's font count).
 */
export async function latinOnlyChromium(): Promise<Browser> {
  const fontDir = LATIN_ONLY_FONT_DIRS.find((dir) => existsSync(dir));
  if (!fontDir) throw new Error(`no Latin-only font directory among ${LATIN_ONLY_FONT_DIRS.join(", ")}`);
  const configDir = mkdtempSync(path.join(os.tmpdir(), "latin-only-fonts-"));
  mkdirSync(path.join(configDir, "cache"), { recursive: true });
  const config = path.join(configDir, "fonts.conf");
  writeFileSync(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <dir>${fontDir}</dir>\n` +
      `  <cachedir>${configDir}/cache</cachedir>\n  <include ignore_missing="yes">/etc/fonts/conf.d</include>\n</fontconfig>\n`,
  );
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
    env: { ...process.env, FONTCONFIG_FILE: config },
  });
}

/**
 * An init script (`context.addInitScript(recordLayoutShifts)`) keeping every layout shift from the
 * start in `window.layoutShifts`, to check that a page does not move when its fonts arrive.
 */
export function recordLayoutShifts(): void {
  const shifts: number[] = [];
  (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: "layout-shift", buffered: true });
}

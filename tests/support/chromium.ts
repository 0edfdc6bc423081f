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

#!/usr/bin/env node
/**
 * Renders the favicons (16–192 px) and the 1200x630 share image from SVG/HTML with Chromium,
 * into public/. Run by hand when the brand changes: node scripts/generate-brand-images.mjs
 */
import { chromium } from "@playwright/test";
import path from "node:path";

const out = path.resolve("public");
const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 9h14v4H13v3h8v4h-8v5H9z" fill="#fff"/></svg>`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const size of [16, 32, 64, 96, 192]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${mark}</body></html>`);
  await page.screenshot({ path: path.join(out, `favicon-${size}.png`), omitBackground: true });
  await page.close();
}
const share = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await share.setContent(`<html><body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;justify-content:center;
  background:linear-gradient(135deg,#eef2ff,#ffffff 60%);font-family:sans-serif">
  <div style="display:flex;align-items:center;gap:40px">
    <div style="width:180px;height:180px">${mark}</div>
    <div><div style="font-size:84px;font-weight:800;color:#0f172a">Facet Browser</div>
    <div style="font-size:40px;color:#4f46e5;margin-top:12px">Anti-detect browser for multi-account teams</div></div>
  </div></body></html>`);
await share.screenshot({ path: path.join(out, "og-image.png") });
await browser.close();

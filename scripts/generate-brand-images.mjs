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
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
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

// Article covers: abstract, text-free (they are shown in every language), per category and variant.
const palettes = {
  "account-management": ["#4f46e5", "#818cf8"],
  "browser-fingerprints": ["#0f766e", "#5eead4"],
  guides: ["#b45309", "#fcd34d"],
  "use-cases": ["#be185d", "#f9a8d4"],
  "product-updates": ["#1d4ed8", "#93c5fd"],
  announcements: ["#7c3aed", "#c4b5fd"],
};
const motifs = [
  (a, b) =>
    [...Array(6)]
      .map(
        (_, i) =>
          `<rect x="${140 + i * 150}" y="${180 + (i % 2) * 60}" width="110" height="200" rx="18" fill="${i % 2 ? b : "#fff"}" opacity="${0.5 + i * 0.08}"/>`,
      )
      .join(""),
  (a, b) =>
    [...Array(7)]
      .map((_, i) => `<circle cx="600" cy="315" r="${40 + i * 38}" fill="none" stroke="${i % 2 ? "#fff" : b}" stroke-width="10" opacity="${0.9 - i * 0.1}"/>`)
      .join(""),
  (a, b) =>
    [...Array(5)]
      .map(
        (_, i) =>
          `<path d="M${120 + i * 40} ${520 - i * 70} L600 ${120 + i * 20} L${1080 - i * 40} ${520 - i * 70}" fill="none" stroke="${i % 2 ? "#fff" : b}" stroke-width="12" stroke-linejoin="round" opacity="0.85"/>`,
      )
      .join(""),
];
const fs = await import("node:fs");
fs.mkdirSync(path.join(out, "images", "covers"), { recursive: true });
for (const [category, [a, b]] of Object.entries(palettes)) {
  for (const [i, motif] of motifs.entries()) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(`<html><body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
      <rect width="1200" height="630" fill="url(#g)"/>${motif(a, b)}</svg></body></html>`);
    await page.screenshot({ path: path.join(out, "images", "covers", `${category}-${i + 1}.png`) });
    await page.close();
  }
}
await browser.close();

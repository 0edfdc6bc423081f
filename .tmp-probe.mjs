import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const page = await browser.newPage();
page.on("response", (r) => { if (r.status() >= 400) console.log("HTTP", r.status(), r.url()); });
page.on("console", (m) => { if (m.type() === "error" || m.type()==="warning") console.log("CONSOLE", m.type(), m.text()); });
page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
for (const u of process.argv.slice(2)) { await page.goto(u); await page.waitForTimeout(800); }
await browser.close();

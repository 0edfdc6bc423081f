import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderShareImage, shapeable, SCREENSHOT_SIZE, SHARE_SIZE } from "./share-image.server";

/** How dark the darkest pixel of the title's place on the card is (0 black, 255 white). */
async function inkInTitle(png: Buffer): Promise<number> {
  // stats() reads its input, not the pipeline's output: the cut-out is made first.
  const title = await sharp(png).extract({ left: 60, top: 160, width: 400, height: 200 }).toBuffer();
  const { channels } = await sharp(title).stats();
  return Math.min(...channels.slice(0, 3).map((c) => c.min));
}

describe("share images", () => {
  it("draw a 1200x630 PNG of the title beside the drawing, with the letters of Thai, Chinese, Devanagari, Vietnamese and Ukrainian", async () => {
    const cards = {
      th: await renderShareImage({ lang: "th", drawing: "profiles", title: "เบราว์เซอร์เดียว หลายตัวตนที่แยกจากกัน", tagline: "ทดสอบ" }),
      zh: await renderShareImage({ lang: "zh", drawing: "profiles", title: "一个浏览器，多个独立身份", tagline: "测试" }),
      hi: await renderShareImage({ lang: "hi", drawing: "profiles", title: "एक ब्राउज़र, कई अलग पहचान", tagline: "परीक्षण" }),
      // Only the Vietnamese letters with a horn, in bold: Noto Sans' Latin Extended slice drew them blank at 700.
      vn: await renderShareImage({ lang: "vn", drawing: "profiles", title: "ơư ơư", tagline: "" }),
      // Only the Ukrainian letters the CJK fonts' Cyrillic slices lack.
      uk: await renderShareImage({ lang: "uk", drawing: "profiles", title: "єї єї", tagline: "" }),
    };
    for (const [lang, png] of Object.entries(cards)) {
      const meta = await sharp(png).metadata();
      expect([lang, meta.format, meta.width, meta.height]).toEqual([lang, "png", SHARE_SIZE.width, SHARE_SIZE.height]);
      // The title is drawn: two scripts under one font name once left Thai blank.
      expect(await inkInTitle(png), lang).toBeLessThan(80);
    }
    expect(cards.th.equals(cards.zh)).toBe(false);
    expect(cards.zh.equals(cards.hi)).toBe(false);
  }, 60_000);

  it("draw an empty title place when the title has no letters (the measure above sees ink only from a title)", async () => {
    const png = await renderShareImage({ lang: "en", drawing: "team", title: " ", tagline: "" });
    expect(await inkInTitle(png)).toBeGreaterThan(200);
  }, 30_000);

  it("draw a screenshot as the drawing alone at twice its canvas", async () => {
    const meta = await sharp(await renderShareImage({ lang: "jp", drawing: "chat" })).metadata();
    expect([meta.width, meta.height]).toEqual([SCREENSHOT_SIZE.width, SCREENSHOT_SIZE.height]);
  }, 30_000);

  it("write Thai SARA AM as the two marks it is made of, and mark where Thai words end", () => {
    expect(shapeable("กำลัง")).toBe("ก\u0e4d\u0e32ลัง");
    expect(shapeable("หลายบัญชีพร้อมกัน")).toBe("หลาย\u200bบัญชี\u200bพร้อม\u200bกัน");
    expect(shapeable("ใช้ LINE, WhatsApp")).toBe("ใช้ LINE, WhatsApp");
    expect(shapeable("Multi-account teams")).toBe("Multi-account teams");
  });

  it("wrap a long Thai title inside its column instead of running under the drawing", async () => {
    const title = "ใช้ LINE, WhatsApp และ Telegram หลายบัญชีพร้อมกันบนคอมพิวเตอร์เครื่องเดียว";
    const png = await renderShareImage({ lang: "th", drawing: "chat", title, tagline: "" });
    // Between the title's column (x < 460) and the drawing (x >= 500): only the background.
    const gap = await sharp(await sharp(png).extract({ left: 462, top: 150, width: 30, height: 200 }).toBuffer()).stats();
    expect(Math.min(...gap.channels.slice(0, 3).map((c) => c.min))).toBeGreaterThan(200);
  }, 30_000);
});

/**
 * The share images (docs/decisions/0031): a page's 1200x630 picture for Open Graph and the
 * structured data, drawn in its language. satori lays out the site's name, the page's title and
 * a tagline beside the page's drawing of the product (the same component the page renders), with
 * every letter as a path in the SVG; sharp rasterises it to PNG. A screenshot is the drawing alone.
 */
import { createElement, type ReactElement } from "react";
import sharp from "sharp";
import { DRAWINGS, type DrawingName } from "~/components/drawings/index";
import { Tile } from "~/components/drawings/parts";
import { C } from "~/components/drawings/tokens";
import type { DrawingKey } from "~/components/drawings/types";
import type { LangKey } from "~/i18n/languages";
import { SITE_NAME } from "~/lib/site";
import { getNamespace, type MessageTree } from "../i18n/messages.server";
import { fontsFor } from "../infrastructure/share-fonts.server";

/** Part of every cache key: a change to the layout, the drawings or the fonts draws every image again. */
export const SHARE_RENDERER_VERSION = 1;
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
/** A screenshot: the 960x600 canvas at twice its size, for the structured data's `screenshot`. */
export const SCREENSHOT_SIZE = { width: 1920, height: 1200 } as const;

export interface ShareCard {
  lang: LangKey;
  drawing: DrawingName;
  /** Absent for a screenshot: the drawing alone. */
  title?: string;
  tagline?: string;
}

const THAI = /[\u0e00-\u0e7f]/;
const thaiWords = new Intl.Segmenter("th", { granularity: "word" });

/**
 * Text as satori can shape and wrap it: Thai SARA AM (ำ) as the NIKHAHIT and SARA AA it is made
 * of, which draws the same (satori does not apply the font's decomposition and left a gap before
 * it); and a zero-width space between two Thai words, where a line may break (Thai writes no
 * spaces between words and satori's line breaking finds none, so a long title ran off the card).
 */
export function shapeable(text: string): string {
  let out = "";
  let previous = "";
  for (const { segment } of thaiWords.segment(text)) {
    if (THAI.test(previous.slice(-1)) && THAI.test(segment[0] ?? "")) out += "\u200b";
    out += segment;
    previous = segment;
  }
  return out.replace(/\u0e33/g, "\u0e4d\u0e32");
}

/** The drawings' words of one language, as the components ask for them. */
export function drawingWords(lang: LangKey): (key: DrawingKey) => string {
  const tree = getNamespace(lang, "drawings");
  return (key) => {
    let node: string | MessageTree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? shapeable(node) : "";
  };
}

/** Every string an element tree draws, to choose and cut its fonts. */
function textOf(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node) {
    const { type, props } = node as { type: unknown; props: { children?: unknown } & Record<string, unknown> };
    // Function components are called here as satori will call them: they are pure.
    if (typeof type === "function") return textOf((type as (p: unknown) => unknown)(props));
    return textOf(props.children);
  }
  return "";
}

const titleSize = (title: string) => {
  const length = [...title].length;
  return length <= 18 ? 60 : length <= 34 ? 50 : length <= 60 ? 42 : 34;
};

/** Where the drawing sits on a card, and at what scale (the card is drawn without it, then the drawing over it). */
const PLACE = { left: 500, top: 111, scale: 0.68 } as const;

function drawingElement(lang: LangKey, drawing: DrawingName, family: string): ReactElement {
  return createElement(
    "div",
    { style: { display: "flex", width: 960, height: 600, fontFamily: family } },
    createElement(DRAWINGS[drawing], { t: drawingWords(lang) }),
  );
}

function cardElement({ title = "", tagline }: ShareCard, family: string): ReactElement {
  const width = Math.round(960 * PLACE.scale);
  const height = Math.round(600 * PLACE.scale);
  return createElement(
    "div",
    {
      style: {
        display: "flex",
        position: "relative",
        width: SHARE_SIZE.width,
        height: SHARE_SIZE.height,
        fontFamily: family,
        backgroundImage: `linear-gradient(135deg, ${C.indigoSoft} 0%, #ffffff 55%, ${C.indigoLine} 100%)`,
      },
    },
    // The drawing's shadow; the drawing itself is laid over it.
    createElement("div", {
      style: {
        display: "flex",
        position: "absolute",
        left: PLACE.left,
        top: PLACE.top,
        width,
        height,
        borderRadius: 10,
        background: "#ffffff",
        boxShadow: "0 24px 48px rgba(15,23,42,0.22)",
      },
    }),
    createElement(
      "div",
      { style: { display: "flex", flexDirection: "column", position: "absolute", left: 60, top: 64, width: 400, height: 502 } },
      createElement(
        "div",
        { style: { display: "flex", alignItems: "center", gap: 14 } },
        createElement(Tile, { letter: "F", color: C.indigo, size: 48, radius: 12, text: 28 }),
        createElement("div", { style: { display: "flex", fontSize: 30, fontWeight: 700, color: C.ink } }, SITE_NAME),
      ),
      createElement("div", { style: { display: "flex", marginTop: 44, fontSize: titleSize(title), lineHeight: 1.25, fontWeight: 700, color: C.ink } }, title),
      tagline ? createElement("div", { style: { display: "flex", marginTop: "auto", fontSize: 24, lineHeight: 1.4, color: C.muted } }, tagline) : null,
    ),
  );
}

/** The PNG of one card, or of a screenshot (no title). */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const input = { ...card, title: card.title === undefined ? undefined : shapeable(card.title), tagline: card.tagline && shapeable(card.tagline) };
  const screenshot = input.title === undefined;
  const text = textOf(drawingElement(input.lang, input.drawing, "")) + (screenshot ? "" : `${SITE_NAME}${input.title}${input.tagline ?? ""}F`);
  const { fonts, family } = await fontsFor(text, input.lang);
  // Loaded with the first image drawn: satori's layout engine is WebAssembly too (0039).
  const { default: satori } = await import("satori");
  const picture = await satori(drawingElement(input.lang, input.drawing, family), { width: 960, height: 600, fonts });
  // SVG is drawn at 72 dpi: a density of 72 x scale draws the vector drawing at that scale, sharp.
  const drawingAt = (scale: number) => sharp(Buffer.from(picture), { density: 72 * scale });
  if (screenshot)
    return drawingAt(SCREENSHOT_SIZE.width / 960)
      .png({ compressionLevel: 9, palette: true, quality: 90 })
      .toBuffer();
  const cardSvg = await satori(cardElement(input, family), { ...SHARE_SIZE, fonts });
  const overlay = await drawingAt(PLACE.scale).png().toBuffer();
  return sharp(Buffer.from(cardSvg))
    .composite([{ input: overlay, left: PLACE.left, top: PLACE.top }])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

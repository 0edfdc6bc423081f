import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { withContentOverlay } from "../content/content-files.server";
import { CONTENT_DIR } from "../paths.server";
import { EVERY_START_READS, IMPORT_PARTS } from "./seed.server";
import { contentFingerprint } from "./fingerprint.server";

const part = (key: (typeof IMPORT_PARTS)[number]["key"]) => IMPORT_PARTS.find((p) => p.key === key)!.reads;

describe("content fingerprints", () => {
  it("cover everything under content/: a file no part reads would never import again once fingerprinted", () => {
    const read = new Set<string>([...IMPORT_PARTS.flatMap((p) => p.reads), ...EVERY_START_READS, "README.md"]);
    const unread = fs.readdirSync(CONTENT_DIR).filter((entry) => !read.has(entry));
    expect(unread).toEqual([]);
  });

  it("change with a published staff document, only for the part that reads it", async () => {
    const before = { product: contentFingerprint(part("product")), articles: contentFingerprint(part("articles")) };
    const faq = fs.readFileSync(`${CONTENT_DIR}/faq/en.yaml`, "utf8");
    const after = await withContentOverlay(new Map([["faq/en.yaml", faq.replace("Facet", "Facet (edited)")]]), async () => ({
      product: contentFingerprint(part("product")),
      articles: contentFingerprint(part("articles")),
    }));
    expect(after.product).not.toBe(before.product);
    expect(after.articles).toBe(before.articles);
  });

  it("change when a document adds a file that is not on disk, and not when it repeats a file's text", async () => {
    const before = contentFingerprint(part("help"));
    const added = await withContentOverlay(new Map([["help/en/only-in-the-database.md", "---\ntitle: x\n---\n"]]), async () =>
      contentFingerprint(part("help")),
    );
    expect(added).not.toBe(before);
    const same = await withContentOverlay(new Map([["site/en.json", fs.readFileSync(`${CONTENT_DIR}/site/en.json`, "utf8")]]), async () =>
      contentFingerprint(part("site")),
    );
    expect(same).toBe(contentFingerprint(part("site")));
  });
});

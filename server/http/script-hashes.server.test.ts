import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentScriptHashes, inlineScriptHashes, scriptHashSource } from "./script-hashes.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(Buffer.from(text, "utf8")).digest("base64")}'`;

const DOCUMENT = [
  `<script>window.a = "ü<b>";</script>`,
  `<script type="module" async="">import "/assets/x.js";</script>`,
  `<script data-x="a>b">b()</script>`,
  `<script src="/assets/entry.js"></script>`,
  `<script type="application/ld+json">{"@type":"Thing"}</script>`,
  `<SCRIPT>c()</SCRIPT >`,
  `<script>window.a = "ü<b>";</script>`,
].join("\n");

describe("inlineScriptHashes", () => {
  it("hashes every inline script a browser runs, classic or module, and nothing else", () => {
    expect(inlineScriptHashes(DOCUMENT)).toEqual([sha(`window.a = "ü<b>";`), sha(`import "/assets/x.js";`), sha("b()"), sha("c()")]);
  });

  it("hashes an empty script too (browsers check it as well)", () => {
    expect(inlineScriptHashes("<script></script>")).toEqual([scriptHashSource("")]);
  });
});

describe("documentScriptHashes", () => {
  it("reads a document's bytes to the same hashes as its text, whatever script its characters are in", () => {
    const page = `${DOCUMENT}\n<p>中文 ภาษาไทย हिन्दी</p><script>window.t = "中文 ภาษาไทย हिन्दी 🙂";</script>`;
    const hashes = documentScriptHashes(Buffer.from(page, "utf8"));
    expect(hashes).toEqual(inlineScriptHashes(page));
    expect(hashes).toContain(sha(`window.t = "中文 ภาษาไทย हिन्दी 🙂";`));
  });
});

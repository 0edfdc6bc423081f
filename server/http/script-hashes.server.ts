/**
 * The Content-Security-Policy of a page rendered for everyone (docs/decisions/0021, issue 26):
 * its inline scripts allowed by their SHA-256 hashes instead of a nonce. A stored page is sent to
 * every visitor, so a nonce written into it is a secret every visitor can read; a hash allows
 * exactly the scripts the page was rendered with and nothing an injection could add.
 */
import { createHash } from "node:crypto";

/** A <script> element: its attributes (quoted values may hold ">") and its text, raw as HTML keeps it. */
const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\s/>]/gi;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Data blocks (JSON-LD, JSON) never run, so the policy need not name them. */
function runs(attributes: string): boolean {
  if (SRC.test(attributes)) return false;
  const type = TYPE.exec(attributes);
  const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
  return !value.includes("json");
}

/**
 * `'sha256-…'` of a script's text, as a browser hashes it (its UTF-8 bytes). `latin1` is for text
 * read one character per byte (documentScriptHashes): it hashes those bytes, which are the UTF-8.
 */
export function scriptHashSource(text: string, readAs: "utf8" | "latin1" = "utf8"): string {
  return `'sha256-${createHash("sha256").update(text, readAs).digest("base64")}'`;
}

/** The hash sources of every inline script in HTML (a document, or an editor's snippet), each once. */
export function inlineScriptHashes(html: string): string[] {
  return hashesOfRunningScripts(html, "utf8");
}

/**
 * The same for a whole rendered document, read from its bytes without decoding them as UTF-8,
 * which cost about a quarter of a millisecond per 90 KB page (3 % of a cache miss): each byte is
 * read as one character (latin1). The markup the pattern looks for is ASCII, which no byte of a
 * multi-byte UTF-8 sequence can match (and no such character folds to ASCII case-insensitively),
 * and a script's text is hashed as the bytes it was read from: its UTF-8, as the browser hashes it.
 */
export function documentScriptHashes(document: Buffer): string[] {
  return hashesOfRunningScripts(document.toString("latin1"), "latin1");
}

function hashesOfRunningScripts(html: string, readAs: "utf8" | "latin1"): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (runs(attributes!)) hashes.add(scriptHashSource(text!, readAs));
  }
  return [...hashes];
}

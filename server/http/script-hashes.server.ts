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

/** `'sha256-…'` of a script's text, as a browser hashes it (its UTF-8 bytes). */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The hash sources of every inline script in HTML (a document, or an editor's snippet), each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (runs(attributes!)) hashes.add(scriptHashSource(text!));
  }
  return [...hashes];
}

/**
 * What a page rendered for everyone must allow besides its own inline scripts, because the
 * browser may add it later without the server (docs/decisions/0021, "The CSP of a cached page"):
 * the inline scripts of every language's statistics snippets (a language change applies the new
 * language's snippets in place, app/hooks/use-statistics-snippets.ts) and the chat widgets' scripts
 * (loaded on demand, docs/decisions/0017). Both are set by the site's own people and only change
 * through content imports, which empty the page cache.
 */
import { isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { chatSettings, siteSettings } from "../db/schema";
import { inlineScriptHashes } from "../http/script-hashes.server";

export interface ScriptAllowances {
  /** `'sha256-…'` of every snippet's inline scripts, every language. */
  hashes: string[];
  /** The chat scripts, each as its exact https URL (a CSP source with a path matches that file only). */
  scripts: string[];
}

export async function siteScriptAllowances(db: Database, huanxinScript: string): Promise<ScriptAllowances> {
  const [snippets, chats] = await Promise.all([
    db.selectDistinct({ head: siteSettings.statisticalTitle, body: siteSettings.statisticalBody }).from(siteSettings),
    db.selectDistinct({ url: chatSettings.scriptUrl }).from(chatSettings).where(isNotNull(chatSettings.scriptUrl)),
  ]);
  const hashes = new Set(snippets.flatMap((s) => [...inlineScriptHashes(s.head), ...inlineScriptHashes(s.body)]));
  const scripts = new Set([huanxinScript, ...chats.map((c) => c.url!)].map(scriptSource).filter((s) => s !== null));
  return { hashes: [...hashes], scripts: [...scripts] };
}

/** An https script URL as a CSP source (no query, nothing that would end the directive), or null. */
function scriptSource(url: string): string | null {
  try {
    const parsed = new URL(url);
    const source = `${parsed.origin}${parsed.pathname}`;
    return parsed.protocol === "https:" && !/[\s;,']/.test(source) ? source : null;
  } catch {
    return null;
  }
}

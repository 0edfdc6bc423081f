/**
 * The official channels, from one configuration (issue 31): the site's hosts are LANGUAGE_HOSTS of
 * every mode (SITE_ORIGIN when none are configured), the download server is DOWNLOAD_BASE_URL, the
 * support chat's hosts are the chat scripts staff configured (chat_settings, CHAT_HUANXIN_SCRIPT),
 * and the social accounts and support e-mail are content/links.yaml. The /links page, its API
 * (`GET /api/home/links`), the /verify page and its address checker all read this list, so a host
 * added in one place is official everywhere. Names and descriptions: content/links/<lang>.yaml.
 */
import { sql } from "drizzle-orm";
import { DEFAULT_LANG, getLanguage, type LangKey } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/meta/meta";
import type { LinkKind, OfficialChannel, OfficialChannelsView, OfficialGroup, OfficialLink } from "@contracts/official-channels";
import { hostPlanOf, type Config } from "../config.server";
import type { Executor } from "../db/client.server";
import { pageText } from "./page-texts.server";

/** The configuration the list is made from (parsed once at boot). */
export type OfficialChannelSettings = Pick<Config, "SITE_MODE" | "SITE_ORIGIN" | "LANGUAGE_HOSTS" | "DOWNLOAD_BASE_URL" | "CHAT_HUANXIN_SCRIPT">;

interface LinkAddresses {
  groups: { slug: string; items: { slug: string; url: string; kind: LinkKind }[] }[];
}
interface LinkTexts {
  intro: string;
  groups: Record<string, string>;
  items: Record<string, { name: string; description: string }>;
}

/**
 * The site's origins in every mode, the current mode's first: each is an official website
 * (staging hosts too: a visitor may be sent there, and they are ours).
 */
export function siteOrigins(settings: OfficialChannelSettings): { origin: string; lang: "en" | "zh"; current: boolean }[] {
  const current = hostPlanOf(settings);
  const seen = new Set<string>();
  const list: { origin: string; lang: "en" | "zh"; current: boolean }[] = [];
  const add = (origin: string, lang: "en" | "zh", isCurrent: boolean) => {
    const clean = new URL(origin).origin;
    if (seen.has(clean)) return;
    seen.add(clean);
    list.push({ origin: clean, lang, current: isCurrent });
  };
  add(current.en, "en", true);
  if (current.zh) add(current.zh, "zh", true);
  for (const hosts of Object.values(settings.LANGUAGE_HOSTS ?? {})) {
    if (!hosts) continue;
    add(hosts.en, "en", false);
    if (hosts.zh) add(hosts.zh, "zh", false);
  }
  return list;
}

/** The chat scripts visitors' pages load: their hosts run our support chat. */
async function chatScripts(db: Executor, settings: OfficialChannelSettings): Promise<string[]> {
  const { rows } = await db.execute<{ chat_type: string; script_url: string | null }>(sql`SELECT DISTINCT chat_type, script_url FROM chat_settings`);
  const scripts = rows.map((r) => (r.chat_type === "HUAN_XIN" ? settings.CHAT_HUANXIN_SCRIPT : r.script_url)).filter((s): s is string => Boolean(s));
  return [...new Set(scripts)];
}

/** Every official channel, grouped as the /links page shows them, in a language (English texts where one is missing). */
export async function officialChannels(db: Executor, settings: OfficialChannelSettings, lang: LangKey): Promise<OfficialChannelsView | null> {
  const [addresses, texts, scripts] = await Promise.all([
    pageText<LinkAddresses>(db, "link-addresses", DEFAULT_LANG),
    pageText<LinkTexts>(db, "links", lang),
    chatScripts(db, settings),
  ]);
  if (!addresses || !texts) return null;
  const item = (kind: OfficialChannel["kind"], listedAs: LinkKind, slug: string, textKey: string, url: string): OfficialLink => ({
    kind,
    listedAs,
    slug,
    url,
    name: texts.items[textKey]?.name ?? textKey,
    description: texts.items[textKey]?.description ?? "",
  });
  const origins = siteOrigins(settings);
  const websites = origins.map(({ origin, lang: siteLang, current }, i) => {
    const textKey = siteLang === "zh" ? "site-china" : "site-global";
    return { ...item("site", "website", current ? textKey : `${textKey}-${i}`, textKey, origin), hreflang: getLanguage(siteLang).tag };
  });
  const plan = hostPlanOf(settings);
  const downloads = [item("page", "download", "download-page", "download-page", absoluteUrl(plan, lang, "/download"))];
  // A path (the default /downloads) is served by the site itself, already listed.
  if (/^https?:\/\//.test(settings.DOWNLOAD_BASE_URL))
    downloads.push(item("download", "download", "download-cdn", "download-cdn", new URL(settings.DOWNLOAD_BASE_URL).origin));
  const kindOf = (kind: LinkKind, url: string): OfficialChannel["kind"] =>
    url.startsWith("mailto:") ? "email" : kind === "channel" ? "social" : kind === "website" ? "site" : kind === "download" ? "download" : "page";
  const written = addresses.groups.map((g) => ({
    slug: g.slug,
    group: texts.groups[g.slug] ?? g.slug,
    items: g.items.map((i) => item(kindOf(i.kind, i.url), i.kind, i.slug, i.slug, i.url.startsWith("/") ? absoluteUrl(plan, lang, i.url) : i.url)),
  }));
  const groups: OfficialGroup[] = [
    { slug: "website", group: texts.groups.website ?? "website", items: websites },
    { slug: "downloads", group: texts.groups.downloads ?? "downloads", items: downloads },
    ...written,
  ];
  const chatOrigins = [...new Set(scripts.map((script) => new URL(script).origin))];
  const chat = chatOrigins.map((origin, i) => item("chat", "support", `chat-${i}`, "chat", origin));
  if (chat.length) {
    const support = groups.find((g) => g.slug === "support");
    if (support) support.items.push(...chat);
    else groups.push({ slug: "support", group: texts.groups.support ?? "support", items: chat });
  }
  return { intro: texts.intro, groups };
}

/**
 * RSS 2.0 and Atom feeds (docs/decisions/0016) of the blog, the news and the release notes, one
 * per language, written with the `feed` library: the language's own titles, full sanitised
 * content with absolute links, and ETag/304 so readers that poll cost little.
 */
import { createHash } from "node:crypto";
import { Feed } from "feed";
import type { AppLoadContext } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import { translate } from "../i18n/messages.server";
import { feedArticles } from "../services/articles.server";
import { getRelease, listReleases } from "../services/releases.server";
import { contentForReader } from "../content/site-links.server";

export type FeedFormat = "rss" | "atom";
export type FeedSection = "blog" | "news" | "release";

/** Where a section's feeds live: /{lang}/blog/feed.xml (RSS 2.0) and /{lang}/blog/atom.xml (Atom). */
export const feedPath = (section: FeedSection, format: FeedFormat) => `/${section}/${format === "rss" ? "feed" : "atom"}.xml`;

/** Site-relative links and images in content made absolute: feed readers have no base URL. */
function absolutize(html: string, origin: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

function newFeed(context: AppLoadContext, lang: LangKey, section: FeedSection, updated: Date): Feed {
  const home = absoluteUrl(context.hostPlan, lang, `/${section}`);
  return new Feed({
    title: `${SITE_NAME} - ${translate(lang, "common", `pages.${section}.title`)}`,
    description: translate(lang, "common", `pages.${section}.intro`),
    id: home,
    link: home,
    language: getLanguage(lang).tag,
    image: `${context.hostPlan.en}/favicon-192.png`,
    favicon: `${context.hostPlan.en}/favicon-32.png`,
    copyright: `© ${SITE_NAME}`,
    updated,
    generator: SITE_NAME,
    // RFC 4287 wants an author on the feed or on every entry; release notes have none of their own.
    author: { name: SITE_NAME, link: context.hostPlan.en },
    feedLinks: {
      rss: absoluteUrl(context.hostPlan, lang, feedPath(section, "rss")),
      atom: absoluteUrl(context.hostPlan, lang, feedPath(section, "atom")),
    },
  });
}

/**
 * The feed's language as `xml:lang` on Atom's root (RSS has <language>): the `feed` library writes
 * no attributes there, and the root element it writes is fixed.
 */
function withFeedLanguage(atom: string, tag: string): string {
  return atom.replace('<feed xmlns="http://www.w3.org/2005/Atom">', `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${tag}">`);
}

/** The feed as a response: cacheable, in its language, with an ETag of its bytes. */
function respond(feed: Feed, format: FeedFormat): Response {
  const body = format === "rss" ? feed.rss2() : withFeedLanguage(feed.atom1(), feed.options.language!);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": format === "rss" ? "application/rss+xml; charset=utf-8" : "application/atom+xml; charset=utf-8",
    "Content-Language": feed.options.language!,
    "Cache-Control": "public, max-age=600, s-maxage=1800, stale-while-revalidate=86400",
    ETag: etag,
  };
  // 304 is answered where the encoding is chosen: each encoding has its own tag (server/http/whole-body-compression.server.ts).
  return new Response(body, { headers });
}

export async function articleFeed(context: AppLoadContext, lang: LangKey, type: "blog" | "news", format: FeedFormat): Promise<Response> {
  const articles = await feedArticles(context.db, type, lang, 20);
  const feed = newFeed(context, lang, type, articles[0] ? new Date(articles[0].updated_at) : new Date(0));
  for (const a of articles) {
    const url = absoluteUrl(context.hostPlan, lang, `/${type}/${a.id}`);
    feed.addItem({
      title: a.title,
      id: url,
      link: url,
      date: new Date(a.updated_at),
      published: new Date(a.published_at),
      description: a.summary,
      content: absolutize(contentForReader(context.hostPlan, lang, a.content), context.hostPlan.en),
      author: [{ name: a.author }],
      category: [{ name: a.category }],
      image: a.cover ? `${context.hostPlan.en}${a.cover}` : undefined,
    });
  }
  return respond(feed, format);
}

/** The release notes of a language: newest 20, full notes by section. */
export async function releaseFeed(context: AppLoadContext, lang: LangKey, format: FeedFormat): Promise<Response> {
  const list = await listReleases(context.db, { lang, page: 1, pageSize: 20 });
  const releases = (await Promise.all(list.list.map((r) => getRelease(context.db, { id: r.id, lang, downloadBase: context.downloadBaseUrl })))).filter(
    (r) => r !== null,
  );
  const feed = newFeed(context, lang, "release", releases[0] ? new Date(releases[0].released_at) : new Date(0));
  for (const r of releases) {
    const url = absoluteUrl(context.hostPlan, lang, `/release/${r.id}`);
    const body = r.sections
      .map((s) => `<h3>${translate(lang, "product", `release.sections.${s.kind}`)}</h3><ul>${s.items.map((i) => `<li>${i}</li>`).join("")}</ul>`)
      .join("");
    feed.addItem({
      title: `${SITE_NAME} ${r.version}`,
      id: url,
      link: url,
      date: new Date(r.released_at),
      description: r.summary,
      content: `<p>${escapeHtml(r.summary)}</p>${body}`,
    });
  }
  return respond(feed, format);
}

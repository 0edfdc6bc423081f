/**
 * Every page type's structured data (JSON-LD, and the FAQ's microdata) parses and carries what its
 * schema.org type needs (Google's required and recommended properties). That the properties exist on those types at all is checked when
 * the site compiles: page heads build JSON-LD with schema-dts types (app/lib/meta/meta.ts).
 */
import type { Element, Root, RootContent } from "hast";
import { toString } from "hast-util-to-string";
import rehypeParse from "rehype-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { siteForThisFile } from "../support/site-for-file";

const site = siteForThisFile();

type Node = Record<string, unknown>;
const isUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^\s]+$/.test(v);
const isDate = (v: unknown) => typeof v === "string" && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v);
const text = (v: unknown) => typeof v === "string" && v.trim().length > 0;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as Node[];

/** What each type needs; problems are returned as readable strings. */
const RULES: Record<string, (n: Node) => string[]> = {
  BlogPosting: article,
  NewsArticle: article,
  TechArticle: article,
  BreadcrumbList: (n) => {
    const items = list(n.itemListElement);
    if (items.length < 2) return ["itemListElement needs at least two steps"];
    return items.flatMap((item, i) => [
      ...(item["@type"] === "ListItem" ? [] : [`item ${i} is not a ListItem`]),
      ...(item.position === i + 1 ? [] : [`item ${i} has position ${String(item.position)}`]),
      ...(text(item.name) ? [] : [`item ${i} has no name`]),
      ...(i === items.length - 1 || isUrl(item.item) ? [] : [`item ${i} has no absolute item URL`]),
    ]);
  },
  FAQPage: (n) => {
    const questions = list(n.mainEntity);
    if (!questions.length) return ["mainEntity is empty"];
    return questions.flatMap((q, i) => [
      ...(q["@type"] === "Question" && text(q.name) ? [] : [`question ${i} has no name`]),
      ...((q.acceptedAnswer as Node | undefined)?.["@type"] === "Answer" && text((q.acceptedAnswer as Node).text) ? [] : [`question ${i} has no answer text`]),
    ]);
  },
  // A product's picture: validators report a Product without `image` as an error (issue 28).
  Product: (n) => [...(text(n.name) ? [] : ["no name"]), ...(isUrl(n.image) ? [] : ["no image URL"]), ...offers(n)],
  SoftwareApplication: (n) => [
    ...(text(n.name) ? [] : ["no name"]),
    ...(isUrl(n.image) ? [] : ["no image URL"]),
    ...(isUrl(n.screenshot) || isUrl((n.screenshot as Node | undefined)?.url) ? [] : ["no screenshot"]),
    ...(text(n.operatingSystem) ? [] : ["no operatingSystem"]),
    ...(text(n.applicationCategory) ? [] : ["no applicationCategory"]),
    ...offers(n),
  ],
  Organization: (n) => [...(text(n.name) ? [] : ["no name"]), ...(isUrl(n.url) ? [] : ["no url"])],
  WebPage: (n) => [...(text(n.name) ? [] : ["no name"]), ...(isUrl(n.url) ? [] : ["no url"])],
};

function article(n: Node): string[] {
  return [
    ...(text(n.headline) && String(n.headline).length <= 200 ? [] : ["headline missing or too long"]),
    ...(isDate(n.dateModified) || isDate(n.datePublished) ? [] : ["no datePublished/dateModified"]),
    ...(list(n.author).every((a) => text(a.name)) && list(n.author).length ? [] : ["no author name"]),
    ...(isUrl(n.mainEntityOfPage) ? [] : ["no mainEntityOfPage URL"]),
    ...(text(n.inLanguage) ? [] : ["no inLanguage"]),
  ];
}

function offers(n: Node): string[] {
  const all = list(n.offers);
  if (!all.length) return ["no offers"];
  return all.flatMap((o, i) => [
    ...(o["@type"] === "Offer" ? [] : [`offer ${i} is not an Offer`]),
    ...(typeof o.price === "string" && /^\d+(\.\d+)?$/.test(o.price) ? [] : [`offer ${i} price ${String(o.price)}`]),
    ...(o.priceCurrency === "USD" ? [] : [`offer ${i} currency`]),
  ]);
}

/** The page's structured data: its JSON-LD, then its top-level microdata items in the same shape. */
async function structuredData(path: string): Promise<Node[]> {
  const res = await fetch(`${site.base}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Node);
  return [...jsonLd, ...microdata(unified().use(rehypeParse).parse(html))];
}

const isElement = (n: RootContent | Root): n is Element => n.type === "element";
const prop = (el: Element, name: string) => {
  const value = el.properties[name];
  return Array.isArray(value) ? value.join(" ") : value === undefined || value === null ? undefined : String(value);
};

/** schema.org microdata (itemscope, itemtype, itemprop) read into JSON-LD's shape, as a search engine reads it. */
function microdata(tree: Root): Node[] {
  const item = (el: Element): Node => {
    const node: Node = { "@context": "https://schema.org", "@type": prop(el, "itemType")!.replace("https://schema.org/", "") };
    const visit = (children: (RootContent | Element)[]) => {
      for (const child of children) {
        if (!isElement(child)) continue;
        const name = prop(child, "itemProp");
        const scoped = child.properties.itemScope !== undefined && child.properties.itemScope !== false;
        if (name) {
          const value = scoped ? item(child) : toString(child).trim();
          const { "@context": _context, ...inner } = value as Node;
          const entry = typeof value === "string" ? value : inner;
          node[name] = node[name] === undefined ? entry : [...(Array.isArray(node[name]) ? (node[name] as unknown[]) : [node[name]]), entry];
        }
        if (!scoped) visit(child.children);
      }
    };
    visit(el.children);
    return node;
  };
  const found: Node[] = [];
  const walk = (n: Root | RootContent) => {
    if (isElement(n) && n.properties.itemScope !== undefined && n.properties.itemScope !== false && !prop(n, "itemProp")) return void found.push(item(n));
    if ("children" in n) for (const c of n.children) walk(c);
  };
  walk(tree);
  return found;
}

async function firstId(api: string): Promise<number> {
  const body = (await (await fetch(`${site.base}/api${api}`)).json()) as { data: { list: { id: number }[] } };
  return body.data.list[0]!.id;
}

describe("structured data", () => {
  it.each(["en", "zh", "th"])("parses on every page type and has what its type requires (%s)", async (lang) => {
    const prefix = lang === "en" ? "" : `/${lang}`;
    const pages: [string, string[]][] = [
      ["/", ["SoftwareApplication", "Organization"]],
      ["/Pricing", ["Product"]],
      ["/download", ["SoftwareApplication"]],
      ["/faq", ["FAQPage"]],
      [`/blog/${await firstId(`/home/article-list?type=blog&lang=${lang}`)}`, ["BlogPosting", "BreadcrumbList"]],
      [`/news/${await firstId(`/home/article-list?type=news&lang=${lang}`)}`, ["NewsArticle", "BreadcrumbList"]],
      [`/helps/${await firstId(`/help/article-list?lang=${lang}`)}`, ["TechArticle", "BreadcrumbList"]],
      ["/scenarios/betting", ["WebPage", "BreadcrumbList"]],
      ["/solutions/chat-apps", ["WebPage", "BreadcrumbList"]],
      ["/partner/3", ["Organization", "BreadcrumbList"]],
      ["/partner-plan", ["FAQPage"]],
      ["/referral-program", ["FAQPage"]],
    ];
    for (const [path, expected] of pages) {
      const nodes = await structuredData(`${prefix}${path}`);
      expect(nodes.map((n) => n["@type"]).sort(), path).toEqual([...expected].sort());
      for (const node of nodes) {
        expect(node["@context"], path).toBe("https://schema.org");
        const rule = RULES[String(node["@type"])];
        expect(rule, `a rule for ${String(node["@type"])}`).toBeDefined();
        expect(rule!(node), `${prefix}${path} ${String(node["@type"])}`).toEqual([]);
      }
    }
  });

  it("checks what it claims to: a page missing a required property is caught", () => {
    expect(RULES.FAQPage!({ mainEntity: [{ "@type": "Question", name: "Q" }] })).toEqual(["question 0 has no answer text"]);
    expect(
      RULES.BreadcrumbList!({
        itemListElement: [
          { "@type": "ListItem", position: 2, name: "A", item: "/x" },
          { "@type": "ListItem", position: 2, name: "B" },
        ],
      }),
    ).toEqual(["item 0 has position 2", "item 0 has no absolute item URL"]);
    expect(RULES.Product!({ name: "P", image: "https://x.test/p.png", offers: [{ "@type": "Offer", price: 9, priceCurrency: "USD" }] })).toEqual([
      "offer 0 price 9",
    ]);
    expect(RULES.Product!({ name: "P", offers: [{ "@type": "Offer", price: "9", priceCurrency: "USD" }] })).toEqual(["no image URL"]);
    const app = {
      name: "A",
      operatingSystem: "Linux",
      applicationCategory: "SecurityApplication",
      offers: [{ "@type": "Offer", price: "0", priceCurrency: "USD" }],
    };
    expect(RULES.SoftwareApplication!(app)).toEqual(["no image URL", "no screenshot"]);
    expect(RULES.SoftwareApplication!({ ...app, image: "https://x.test/a.png", screenshot: { "@type": "ImageObject", url: "https://x.test/s.png" } })).toEqual(
      [],
    );
  });
});

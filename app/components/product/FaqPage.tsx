import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { PageHtml, usePageHtml } from "~/lib/page-html";
import { useEditsBeforeHydration } from "~/lib/edits-before-hydration";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { FallbackBadge } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";
import type { LangKey } from "~/i18n/languages";
import { useLang } from "~/i18n/use-lang";

export interface FaqGroup {
  id: number;
  slug: string;
  name: string;
  items: { id: number; slug: string; lang: LangKey; question: string; answer: string }[];
}

const plain = (html: string) => html.replace(/<[^>]+>/g, " ");

/**
 * The FAQ: topics with their questions as disclosures, each with an id that can be linked
 * (/faq#refund-policy opens that answer), and a filter that narrows the list as one types.
 * Without JavaScript every question is there and every link still lands on its question.
 *
 * The questions carry their FAQPage structured data as schema.org microdata on their own markup
 * rather than as a JSON-LD copy of every answer: the answers are then in the page twice (markup
 * and loader data) instead of three times, which keeps the longest FAQ (Hindi) well under 30 KB
 * of gzip HTML (docs/decisions/0025).
 */
export function FaqPage({ groups }: { groups: FaqGroup[] }) {
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  const { hash } = useLocation();
  const lang = useLang();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const filter = useRef<HTMLDivElement>(null);
  useEditsBeforeHydration(filter, (edits) => setQuery(edits[0]!.value));

  useEffect(() => {
    const target = decodeURIComponent(hash.replace(/^#/, ""));
    if (!target) return;
    setOpen(target);
    requestAnimationFrame(() => document.getElementById(target)?.scrollIntoView({ block: "start" }));
  }, [hash]);

  const pageHtml = usePageHtml();
  const needle = query.trim().toLowerCase();
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, items: g.items.filter((i) => !needle || `${i.question} ${plain(pageHtml(i.answer))}`.toLowerCase().includes(needle)) }))
        .filter((g) => g.items.length > 0),
    [groups, needle, pageHtml],
  );
  const count = shown.reduce((n, g) => n + g.items.length, 0);

  return (
    <SectionPage title={tc("pages.faq.title")} intro={tc("pages.faq.intro")}>
      <div className="mt-8 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-labelledby="faq-topics" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="faq-topics" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t("faq.topics")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {groups.map((g) => (
              <li key={g.slug}>
                <a href={`#topic-${g.slug}`} className="text-slate-700 hover:text-indigo-700">
                  {g.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0" itemScope itemType="https://schema.org/FAQPage">
          <div role="search" ref={filter}>
            <label htmlFor="faq-filter" className="font-medium">
              {t("faq.filterLabel")}
            </label>
            <input
              id="faq-filter"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t("faq.filterPlaceholder")}
              className="mt-1 block w-full max-w-xl rounded-lg border border-slate-300 px-4 py-2.5 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
            />
            <p className="mt-2 text-sm text-slate-500" role="status" data-testid="faq-count">
              {needle ? (count ? t("faq.matchCount", { count }) : t("faq.noMatch", { query })) : null}
            </p>
          </div>
          {shown.map((g) => (
            <section key={g.slug} aria-labelledby={`topic-${g.slug}`} className="mt-8">
              <h2 id={`topic-${g.slug}`} className="scroll-mt-24 text-xl font-bold">
                {g.name}
              </h2>
              <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {g.items.map((item) => (
                  <details
                    key={item.slug}
                    id={item.slug}
                    className="group scroll-mt-24"
                    open={open === item.slug || (needle.length > 0 && count <= 3) || undefined}
                    data-testid="faq-item"
                    itemScope
                    itemProp="mainEntity"
                    itemType="https://schema.org/Question"
                  >
                    <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                      <span>
                        <span itemProp="name" lang={langAttribute(item.lang, lang)}>
                          {item.question}
                        </span>
                        {item.lang !== lang ? <FallbackBadge lang={item.lang} /> : null}
                      </span>
                      <span aria-hidden="true" className="mt-0.5 text-indigo-600 transition-transform group-open:rotate-45">
                        +
                      </span>
                    </summary>
                    <div className="px-5 pb-5" itemScope itemProp="acceptedAnswer" itemType="https://schema.org/Answer">
                      <PageHtml className="article-body text-base" itemProp="text" html={item.answer} lang={langAttribute(item.lang, lang)} />
                      <a
                        href={`#${item.slug}`}
                        className="mt-3 inline-block text-sm text-indigo-700 hover:underline"
                        aria-label={`${t("faq.copyLink")}: ${item.question}`}
                      >
                        #{item.slug}
                      </a>
                    </div>
                  </details>
                ))}
              </div>
            </section>
          ))}
          <p className="mt-10 rounded-xl bg-indigo-50 p-5 text-slate-700">
            {t("faq.moreHelp")}{" "}
            <LocalizedLink to="/helps" className="font-semibold text-indigo-700 hover:underline">
              {tc("pages.helps.title")}
            </LocalizedLink>
            {" · "}
            <LocalizedLink to="/pre-sales" className="font-semibold text-indigo-700 hover:underline">
              {tc("nav.preSales")}
            </LocalizedLink>
          </p>
        </div>
      </div>
    </SectionPage>
  );
}

import { Form } from "react-router";
import { getLanguage, isLangKey, LANGUAGES } from "~/i18n/languages";
import { localizePath } from "~/lib/paths";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, EmptyState, Pager, Panel, SelectField, TableFrame, TD, TH } from "../ui";
import type { FeedbackSort, HelpFeedback, MissSort, SearchMiss } from "./types";

const WORDS = {
  en: {
    title: "Help feedback",
    description: "What visitors answered to \"Did this solve your problem?\" on help articles, what they said was missing, and the searches on the site that found nothing.",
    filters: "Filters",
    language: "Language",
    allLanguages: "All languages",
    articleOrder: "Articles",
    sorts: { unsolved: "Most unsolved first", recent: "Latest vote first", votes: "Most votes first" },
    missOrder: "Searches",
    missSorts: { count: "Most searched first", recent: "Latest first" },
    apply: "Apply",
    articlesTitle: "Votes per help article",
    articlesHint: "Articles with at least one vote.",
    solved: "Solved",
    unsolved: "Unsolved",
    solvedShare: (p: number) => `${p}% solved`,
    lastVote: (when: string) => `Last vote ${when}`,
    draft: "Draft",
    open: "Open on the site",
    newTab: "(opens in a new tab)",
    missing: "What was missing",
    noMissing: "No visitor said what was missing.",
    more: (n: number) => `Show ${n} more`,
    capped: (shown: number, total: number) => `The newest ${shown} of ${total} are shown.`,
    noVotes: "No votes yet.",
    noVotesHint: "Counts appear here once visitors answer \"Did this solve your problem?\" on a help article.",
    missesTitle: "Searches that found nothing",
    missesCaption: "Searches without results, on the whole site and in each section's search box",
    keyword: "Search",
    scope: "Searched in",
    scopes: { site: "Site search", help: "Help centre", blog: "Blog", news: "News" },
    count: "Times",
    firstSeen: "First seen",
    lastSeen: "Last seen",
    noMisses: "Every search found something.",
    noMissesHint: "Searches on the site, in the help centre, the blog or the news that find nothing are counted here.",
  },
  zh: {
    title: "帮助反馈",
    description: "访客在帮助文章下对“是否解决了您的问题？”的回答、他们反馈的缺失内容，以及没有搜到结果的帮助中心搜索。",
    filters: "筛选",
    language: "语言",
    allLanguages: "全部语言",
    articleOrder: "文章排序",
    sorts: { unsolved: "未解决最多在前", recent: "最近投票在前", votes: "投票最多在前" },
    missOrder: "搜索排序",
    missSorts: { count: "搜索次数最多在前", recent: "最近在前" },
    apply: "应用",
    articlesTitle: "各帮助文章的投票",
    articlesHint: "仅列出至少有一票的文章。",
    solved: "已解决",
    unsolved: "未解决",
    solvedShare: (p: number) => `解决率 ${p}%`,
    lastVote: (when: string) => `最近投票 ${when}`,
    draft: "草稿",
    open: "在网站上打开",
    newTab: "（在新标签页打开）",
    missing: "缺少的内容",
    noMissing: "没有访客说明缺少什么。",
    more: (n: number) => `再显示 ${n} 条`,
    capped: (shown: number, total: number) => `共 ${total} 条，仅显示最新的 ${shown} 条。`,
    noVotes: "还没有投票。",
    noVotesHint: "访客在帮助文章下回答“是否解决了您的问题？”后，统计会显示在这里。",
    missesTitle: "无结果的搜索",
    missesCaption: "没有结果的搜索：全站搜索和各栏目的搜索框",
    keyword: "搜索词",
    scope: "搜索位置",
    scopes: { site: "全站搜索", help: "帮助中心", blog: "博客", news: "新闻" },
    count: "次数",
    firstSeen: "首次出现",
    lastSeen: "最近出现",
    noMisses: "所有搜索都有结果。",
    noMissesHint: "全站、帮助中心、博客或新闻中没有搜到任何内容的搜索会统计在这里。",
  },
};

type PageOf<T> = { list: T[]; total: number; page: number; page_size: number };

export interface FeedbackPageProps {
  language: string | null;
  sort: FeedbackSort;
  missSort: MissSort;
  articles: PageOf<HelpFeedback>;
  misses: PageOf<SearchMiss>;
}

/** How many "what was missing" texts show before the rest are folded away. */
const VISIBLE_TEXTS = 3;

export function FeedbackPage({ language, sort, missSort, articles, misses }: FeedbackPageProps) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  return (
    <AdminPage title={words.title} description={words.description}>
      <Form method="get" aria-label={words.filters} className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
        <SelectField label={words.language} name="language" defaultValue={language ?? ""} key={`l-${language}`}>
          <option value="">{words.allLanguages}</option>
          {LANGUAGES.map((l) => (
            <option key={l.key} value={l.key}>
              {l.nativeName} ({l.key})
            </option>
          ))}
        </SelectField>
        <SelectField label={words.articleOrder} name="sort" defaultValue={sort} key={`s-${sort}`}>
          {(["unsolved", "recent", "votes"] as const).map((s) => (
            <option key={s} value={s}>
              {words.sorts[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label={words.missOrder} name="miss_sort" defaultValue={missSort} key={`m-${missSort}`}>
          {(["count", "recent"] as const).map((s) => (
            <option key={s} value={s}>
              {words.missSorts[s]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" tone="primary">
          {words.apply}
        </Button>
      </Form>

      <div className="space-y-6">
        <Panel title={words.articlesTitle} actions={<span className="text-xs text-slate-500">{words.articlesHint}</span>}>
          {articles.list.length === 0 ? (
            <EmptyState title={words.noVotes}>{words.noVotesHint}</EmptyState>
          ) : (
            <>
              <ul className="divide-y divide-slate-200">
                {articles.list.map((a) => (
                  <ArticleFeedback key={a.id} article={a} />
                ))}
              </ul>
              <Pager page={articles.page} pageSize={articles.page_size} total={articles.total} />
            </>
          )}
        </Panel>

        <Panel title={words.missesTitle}>
          {misses.list.length === 0 ? (
            <EmptyState title={words.noMisses}>{words.noMissesHint}</EmptyState>
          ) : (
            <>
              <TableFrame caption={words.missesCaption}>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={TH}>{words.keyword}</th>
                    <th scope="col" className={TH}>{words.scope}</th>
                    <th scope="col" className={TH}>{words.language}</th>
                    <th scope="col" className={`${TH} text-right`}>{words.count}</th>
                    <th scope="col" className={TH}>{words.firstSeen}</th>
                    <th scope="col" className={TH}>{words.lastSeen}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {misses.list.map((m) => (
                    <tr key={`${m.lang}:${m.scope}:${m.query}`} data-testid="search-miss">
                      <td className={`${TD} min-w-40 font-medium break-words`} lang={isLangKey(m.lang) ? getLanguage(m.lang).tag : undefined}>
                        {m.query}
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>{words.scopes[m.scope]}</td>
                      <td className={TD}>
                        <SiteLang lang={m.lang} />
                      </td>
                      <td className={`${TD} text-right tabular-nums`}>{m.count}</td>
                      <td className={`${TD} whitespace-nowrap`}>{formatStaffTime(m.first_seen, lang)}</td>
                      <td className={`${TD} whitespace-nowrap`}>{formatStaffTime(m.last_seen, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
              <Pager page={misses.page} pageSize={misses.page_size} total={misses.total} param="miss_page" />
            </>
          )}
        </Panel>
      </div>
    </AdminPage>
  );
}

function ArticleFeedback({ article: a }: { article: HelpFeedback }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const votes = a.solved_count + a.unsolved_count;
  const share = votes ? Math.round((a.solved_count / votes) * 100) : 0;
  const contentLang = isLangKey(a.lang) ? getLanguage(a.lang).tag : undefined;
  const shown = a.feedback.slice(0, VISIBLE_TEXTS);
  const folded = a.feedback.slice(VISIBLE_TEXTS);
  const text = (f: { text: string; at: string }, i: number) => (
    <li key={i} className="rounded-md bg-slate-50 px-3 py-2">
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800" lang={contentLang}>
        {f.text}
      </p>
      <p className="mt-1 text-xs text-slate-500">{formatStaffTime(f.at, lang)}</p>
    </li>
  );
  return (
    <li className="grid gap-4 py-4 first:pt-0 last:pb-0 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="min-w-0">
        <a href={localizePath(`/helps/${a.id}`, isLangKey(a.lang) ? a.lang : "en")} target="_blank" rel="noopener" className="font-medium break-words text-blue-800 underline" lang={contentLang}>
          {a.title}
          <span className="sr-only"> {words.newTab}</span>
        </a>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <SiteLang lang={a.lang} />
          {a.status === "draft" ? <Badge tone="amber">{words.draft}</Badge> : null}
        </p>
        <div className="mt-3 flex gap-4 text-sm">
          <p>
            <span className="block text-2xl font-semibold text-green-700 tabular-nums">{a.solved_count}</span>
            <span className="text-slate-600">{words.solved}</span>
          </p>
          <p>
            <span className="block text-2xl font-semibold text-red-700 tabular-nums">{a.unsolved_count}</span>
            <span className="text-slate-600">{words.unsolved}</span>
          </p>
        </div>
        <div className="mt-2 flex h-2 overflow-hidden rounded-full bg-red-200" role="img" aria-label={words.solvedShare(share)}>
          <div className="bg-green-600" style={{ width: `${share}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {words.solvedShare(share)} · {words.lastVote(formatStaffTime(a.last_vote_at, lang))}
        </p>
      </div>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-slate-800">
          {words.missing} <span className="font-normal text-slate-500">({a.feedback_count})</span>
        </h3>
        {a.feedback.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{words.noMissing}</p>
        ) : (
          <>
            <ul className="mt-2 space-y-2">{shown.map(text)}</ul>
            {folded.length ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-blue-800 underline">{words.more(folded.length)}</summary>
                <ul className="mt-2 space-y-2">{folded.map((f, i) => text(f, i + VISIBLE_TEXTS))}</ul>
              </details>
            ) : null}
            {a.feedback_count > a.feedback.length ? <p className="mt-2 text-xs text-slate-500">{words.capped(a.feedback.length, a.feedback_count)}</p> : null}
          </>
        )}
      </div>
    </li>
  );
}

import { Form } from "react-router";
import { getLanguage, isLangKey, LANGUAGES } from "~/i18n/languages";
import { localizePath } from "~/lib/urls/paths";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, EmptyState, Pager, Panel, SelectField, TableFrame, TD, TH } from "../ui";
import type { HelpFeedback } from "@contracts/staff-feedback";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/feedback";

/** What the /admin/feedback loader sends. */
export type FeedbackPageProps = PageData<typeof loader>;

/** How many "what was missing" texts show before the rest are folded away. */
const VISIBLE_TEXTS = 3;

export function FeedbackPage({ language, sort, missSort, articles, misses }: FeedbackPageProps) {
  const { t } = useAdminWords("feedback", "page");
  const locale = useStaffLocale();
  return (
    <AdminPage title={t("title")} description={t("description")}>
      <Form
        method="get"
        aria-label={t("filters")}
        className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        <SelectField label={t("language")} name="language" defaultValue={language ?? ""} key={`l-${language}`}>
          <option value="">{t("allLanguages")}</option>
          {LANGUAGES.map((l) => (
            <option key={l.key} value={l.key}>
              {l.nativeName} ({l.key})
            </option>
          ))}
        </SelectField>
        <SelectField label={t("articleOrder")} name="sort" defaultValue={sort} key={`s-${sort}`}>
          {(["unsolved", "recent", "votes"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`sorts.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("missOrder")} name="miss_sort" defaultValue={missSort} key={`m-${missSort}`}>
          {(["count", "recent"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`missSorts.${s}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" tone="primary">
          {t("apply")}
        </Button>
      </Form>

      <div className="space-y-6">
        <Panel title={t("articlesTitle")} actions={<span className="text-xs text-slate-500">{t("articlesHint")}</span>}>
          {articles.list.length === 0 ? (
            <EmptyState title={t("noVotes")}>{t("noVotesHint")}</EmptyState>
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

        <Panel title={t("missesTitle")}>
          {misses.list.length === 0 ? (
            <EmptyState title={t("noMisses")}>{t("noMissesHint")}</EmptyState>
          ) : (
            <>
              <TableFrame caption={t("missesCaption")}>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={TH}>
                      {t("keyword")}
                    </th>
                    <th scope="col" className={TH}>
                      {t("scope")}
                    </th>
                    <th scope="col" className={TH}>
                      {t("language")}
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      {t("count")}
                    </th>
                    <th scope="col" className={TH}>
                      {t("firstSeen")}
                    </th>
                    <th scope="col" className={TH}>
                      {t("lastSeen")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {misses.list.map((m) => (
                    <tr key={`${m.lang}:${m.scope}:${m.query}`} data-testid="search-miss">
                      <td className={`${TD} min-w-40 font-medium break-words`} lang={isLangKey(m.lang) ? getLanguage(m.lang).tag : undefined}>
                        {m.query}
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>{t(`scopes.${m.scope}`)}</td>
                      <td className={TD}>
                        <SiteLang lang={m.lang} />
                      </td>
                      <td className={`${TD} text-right tabular-nums`}>{m.count}</td>
                      <td className={`${TD} whitespace-nowrap`}>{formatStaffTime(m.first_seen, locale)}</td>
                      <td className={`${TD} whitespace-nowrap`}>{formatStaffTime(m.last_seen, locale)}</td>
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
  const { t } = useAdminWords("feedback", "page");
  const locale = useStaffLocale();
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
      <p className="mt-1 text-xs text-slate-500">{formatStaffTime(f.at, locale)}</p>
    </li>
  );
  return (
    <li className="grid gap-4 py-4 first:pt-0 last:pb-0 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="min-w-0">
        <a
          href={localizePath(`/helps/${a.id}`, isLangKey(a.lang) ? a.lang : "en")}
          target="_blank"
          rel="noopener"
          className="font-medium break-words text-blue-800 underline"
          lang={contentLang}
        >
          {a.title}
          <span className="sr-only"> {t("newTab")}</span>
        </a>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <SiteLang lang={a.lang} />
          {a.status === "draft" ? <Badge tone="amber">{t("draft")}</Badge> : null}
        </p>
        <div className="mt-3 flex gap-4 text-sm">
          <p>
            <span className="block text-2xl font-semibold text-green-700 tabular-nums">{a.solved_count}</span>
            <span className="text-slate-600">{t("solved")}</span>
          </p>
          <p>
            <span className="block text-2xl font-semibold text-red-700 tabular-nums">{a.unsolved_count}</span>
            <span className="text-slate-600">{t("unsolved")}</span>
          </p>
        </div>
        <div className="mt-2 flex h-2 overflow-hidden rounded-full bg-red-200" role="img" aria-label={t("solvedShare", { p: share })}>
          <div className="bg-green-600" style={{ width: `${share}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {t("solvedShare", { p: share })} · {t("lastVote", { when: formatStaffTime(a.last_vote_at, locale) })}
        </p>
      </div>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-slate-800">
          {t("missing")} <span className="font-normal text-slate-500">({a.feedback_count})</span>
        </h3>
        {a.feedback.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("noMissing")}</p>
        ) : (
          <>
            <ul className="mt-2 space-y-2">{shown.map(text)}</ul>
            {folded.length ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-blue-800 underline">{t("more", { n: folded.length })}</summary>
                <ul className="mt-2 space-y-2">{folded.map((f, i) => text(f, i + VISIBLE_TEXTS))}</ul>
              </details>
            ) : null}
            {a.feedback_count > a.feedback.length ? (
              <p className="mt-2 text-xs text-slate-500">{t("capped", { shown: a.feedback.length, total: a.feedback_count })}</p>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

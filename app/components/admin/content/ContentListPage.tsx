import { useState, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { LANGUAGES } from "~/i18n/languages";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { AdminPage, Badge, Button, EmptyState, Pager, Panel, SelectField, TableFrame, TD, TextField, TH } from "../ui";
import { CONTENT_KINDS, newDocumentPath, STATE_TONES, type ContentKindKey } from "./kinds";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/content";


export function ContentListPage({ documents, total, page, pageSize, filters }: PageData<typeof loader>) {
  const { t } = useAdminWords("content", "list");
  const { t: kinds } = useAdminWords("content", "kinds");
  const { t: states } = useAdminWords("content", "states");
  const locale = useStaffLocale();
  return (
    <AdminPage title={t("title")} description={t("intro")}>
      <div className="grid gap-6 xl:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4">
          <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
            <SelectField label={t("kind")} name="kind" defaultValue={filters.kind ?? ""} className="min-w-48">
              <option value="">{t("allKinds")}</option>
              {CONTENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kinds(k)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t("language")} name="language" defaultValue={filters.language ?? ""}>
              <option value="">{t("allLanguages")}</option>
              {LANGUAGES.map((l) => (
                <option key={l.key} value={l.key}>
                  {l.nativeName} ({l.key})
                </option>
              ))}
            </SelectField>
            <TextField label={t("search")} name="q" defaultValue={filters.q ?? ""} className="min-w-40 flex-1" />
            <Button type="submit" tone="primary">
              {t("filter")}
            </Button>
          </Form>
          <p className="text-sm text-slate-600" role="status">
            {t("count", { count: total })}
          </p>
          {documents.length === 0 ? (
            <EmptyState title={t("none")} />
          ) : (
            <TableFrame caption={t("caption")}>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    {t("path")}
                  </th>
                  <th scope="col" className={`${TH} hidden sm:table-cell`}>
                    {t("kind")}
                  </th>
                  <th scope="col" className={TH}>
                    {t("state")}
                  </th>
                  <th scope="col" className={`${TH} hidden md:table-cell`}>
                    {t("changed")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {documents.map((d) => (
                  <tr key={d.path}>
                    <td className={TD}>
                      <Link to={`/admin/content/edit?path=${encodeURIComponent(d.path)}`} className="font-mono text-xs text-blue-800 underline">
                        {d.path}
                      </Link>
                      <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">{kinds(d.kind)}</span>
                    </td>
                    <td className={`${TD} hidden text-xs text-slate-600 sm:table-cell`}>{kinds(d.kind)}</td>
                    <td className={TD}>
                      <Badge tone={STATE_TONES[d.state]}>{states(d.state)}</Badge>
                      {d.publish_at ? <span className="mt-1 block text-xs text-slate-600">{t("scheduledFor", { at: formatStaffTime(d.publish_at, locale) })}</span> : null}
                    </td>
                    <td className={`${TD} hidden text-xs text-slate-600 md:table-cell`}>
                      {d.updated_at ? (
                        <>
                          {formatStaffTime(d.updated_at, locale)}
                          {d.updated_by ? <span className="block">{t("by", { who: d.updated_by })}</span> : null}
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
          )}
          <Pager page={page} pageSize={pageSize} total={total} />
        </div>
        <NewDocument />
      </div>
    </AdminPage>
  );
}

function NewDocument() {
  const { t } = useAdminWords("content", "list");
  const { t: kinds } = useAdminWords("content", "kinds");
  const navigate = useNavigate();
  const [kind, setKind] = useState<ContentKindKey>("article");
  const [fields, setFields] = useState({ lang: "en", section: "blog", key: "" });
  const path = newDocumentPath(kind, fields);
  const needsKey = kind === "article" || kind === "help" || kind === "use-case" || kind === "release-notes";
  const needsLang = !["release-list", "partner-list", "use-case-list"].includes(kind);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path) void navigate(`/admin/content/edit?path=${encodeURIComponent(path)}`);
  };
  return (
    <Panel title={t("newTitle")} className="order-first self-start xl:order-none">
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-600">{t("newIntro")}</p>
        <SelectField label={t("kind")} value={kind} onChange={(e) => setKind(e.target.value as ContentKindKey)}>
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {kinds(k)}
            </option>
          ))}
        </SelectField>
        {needsLang ? (
          <SelectField label={t("language")} value={fields.lang} onChange={(e) => setFields({ ...fields, lang: e.target.value })}>
            {LANGUAGES.map((l) => (
              <option key={l.key} value={l.key}>
                {l.nativeName} ({l.key})
              </option>
            ))}
          </SelectField>
        ) : null}
        {kind === "article" || kind === "use-case" ? (
          <SelectField label={t("section")} value={fields.section} onChange={(e) => setFields({ ...fields, section: e.target.value })}>
            {kind === "article" ? (
              <>
                <option value="blog">{t("blog")}</option>
                <option value="news">{t("news")}</option>
              </>
            ) : (
              <>
                <option value="use-cases">{t("scenarios")}</option>
                <option value="solutions">{t("solutions")}</option>
              </>
            )}
          </SelectField>
        ) : null}
        {needsKey ? (
          <TextField
            label={kind === "release-notes" ? t("version") : t("key")}
            hint={kind === "release-notes" ? t("versionHint") : t("keyHint")}
            value={fields.key}
            onChange={(e) => setFields({ ...fields, key: e.target.value })}
            spellCheck={false}
          />
        ) : null}
        <p className="font-mono text-xs break-all text-slate-600" aria-live="polite">
          {path ?? t("incomplete")}
        </p>
        <Button type="submit" tone="primary" disabled={!path} className="w-full">
          {t("open")}
        </Button>
      </form>
    </Panel>
  );
}

import { useState, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { LANGUAGES } from "~/i18n/languages";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Badge, Button, EmptyState, Pager, Panel, SelectField, TableFrame, TD, TextField, TH } from "../ui";
import type { DocumentSummary } from "../../../../server/services/content.server";
import { CONTENT_KIND_LABELS, CONTENT_KINDS, newDocumentPath, STATE_LABELS, STATE_TONES, type ContentKindKey } from "./kinds";


const WORDS = {
  en: {
    title: "Content",
    intro: "Articles, help, FAQ, releases, partners, use cases and site texts in every language. Each document is edited as Markdown, YAML or JSON with a live preview of the real page, saved as a draft and published now or at a set time.",
    kind: "Kind",
    allKinds: "All kinds",
    language: "Language",
    allLanguages: "All languages",
    search: "Path contains",
    filter: "Show",
    caption: "Content documents",
    path: "Document",
    state: "State",
    changed: "Last change here",
    none: "No documents match these filters.",
    count: (n: number) => `${n} documents`,
    newTitle: "New document",
    newIntro: "A new article, help article, release note or use-case page, or a language version that does not exist yet.",
    section: "Section",
    blog: "Blog",
    news: "News",
    scenarios: "Use cases (/scenarios)",
    solutions: "Solutions (/solutions)",
    key: "Address key",
    keyHint: "Lowercase letters, digits and hyphens, e.g. proxy-setup-guide",
    version: "Version",
    versionHint: "e.g. 4.2.0 (add it to the release list too)",
    open: "Open in the editor",
    incomplete: "Fill in the fields above to name the document.",
    scheduledFor: (at: string) => `at ${at}`,
    by: (who: string) => `by ${who}`,
  },
  zh: {
    title: "内容",
    intro: "各语言的文章、帮助、常见问题、版本、合作伙伴、使用场景和站点文案。每个文档以 Markdown、YAML 或 JSON 编辑，可实时预览真实页面，保存为草稿后立即发布或定时发布。",
    kind: "类型",
    allKinds: "全部类型",
    language: "语言",
    allLanguages: "全部语言",
    search: "路径包含",
    filter: "筛选",
    caption: "内容文档",
    path: "文档",
    state: "状态",
    changed: "后台最近修改",
    none: "没有符合筛选条件的文档。",
    count: (n: number) => `共 ${n} 个文档`,
    newTitle: "新建文档",
    newIntro: "新建文章、帮助文章、版本说明或使用场景页面，或为尚无译文的语言新建版本。",
    section: "栏目",
    blog: "博客",
    news: "新闻",
    scenarios: "使用场景（/scenarios）",
    solutions: "解决方案（/solutions）",
    key: "地址标识",
    keyHint: "小写字母、数字和连字符，例如 proxy-setup-guide",
    version: "版本号",
    versionHint: "例如 4.2.0（同时需加入版本列表）",
    open: "在编辑器中打开",
    incomplete: "请先填写上面的字段以确定文档。",
    scheduledFor: (at: string) => `定于 ${at}`,
    by: (who: string) => `由 ${who}`,
  },
};

export function ContentListPage({
  documents,
  total,
  page,
  pageSize,
  filters,
}: {
  documents: DocumentSummary[];
  total: number;
  page: number;
  pageSize: number;
  filters: { kind?: string; language?: string; q?: string };
}) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  return (
    <AdminPage title={words.title} description={words.intro}>
      <div className="grid gap-6 xl:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4">
          <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
            <SelectField label={words.kind} name="kind" defaultValue={filters.kind ?? ""} className="min-w-48">
              <option value="">{words.allKinds}</option>
              {CONTENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CONTENT_KIND_LABELS[k][lang]}
                </option>
              ))}
            </SelectField>
            <SelectField label={words.language} name="language" defaultValue={filters.language ?? ""}>
              <option value="">{words.allLanguages}</option>
              {LANGUAGES.map((l) => (
                <option key={l.key} value={l.key}>
                  {l.nativeName} ({l.key})
                </option>
              ))}
            </SelectField>
            <TextField label={words.search} name="q" defaultValue={filters.q ?? ""} className="min-w-40 flex-1" />
            <Button type="submit" tone="primary">
              {words.filter}
            </Button>
          </Form>
          <p className="text-sm text-slate-600" role="status">
            {words.count(total)}
          </p>
          {documents.length === 0 ? (
            <EmptyState title={words.none} />
          ) : (
            <TableFrame caption={words.caption}>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    {words.path}
                  </th>
                  <th scope="col" className={`${TH} hidden sm:table-cell`}>
                    {words.kind}
                  </th>
                  <th scope="col" className={TH}>
                    {words.state}
                  </th>
                  <th scope="col" className={`${TH} hidden md:table-cell`}>
                    {words.changed}
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
                      <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">{CONTENT_KIND_LABELS[d.kind][lang]}</span>
                    </td>
                    <td className={`${TD} hidden text-xs text-slate-600 sm:table-cell`}>{CONTENT_KIND_LABELS[d.kind][lang]}</td>
                    <td className={TD}>
                      <Badge tone={STATE_TONES[d.state]}>{STATE_LABELS[d.state][lang]}</Badge>
                      {d.publish_at ? <span className="mt-1 block text-xs text-slate-600">{words.scheduledFor(formatStaffTime(d.publish_at, lang))}</span> : null}
                    </td>
                    <td className={`${TD} hidden text-xs text-slate-600 md:table-cell`}>
                      {d.updated_at ? (
                        <>
                          {formatStaffTime(d.updated_at, lang)}
                          {d.updated_by ? <span className="block">{words.by(d.updated_by)}</span> : null}
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
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
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
    <Panel title={words.newTitle} className="order-first self-start xl:order-none">
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-600">{words.newIntro}</p>
        <SelectField label={words.kind} value={kind} onChange={(e) => setKind(e.target.value as ContentKindKey)}>
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {CONTENT_KIND_LABELS[k][lang]}
            </option>
          ))}
        </SelectField>
        {needsLang ? (
          <SelectField label={words.language} value={fields.lang} onChange={(e) => setFields({ ...fields, lang: e.target.value })}>
            {LANGUAGES.map((l) => (
              <option key={l.key} value={l.key}>
                {l.nativeName} ({l.key})
              </option>
            ))}
          </SelectField>
        ) : null}
        {kind === "article" || kind === "use-case" ? (
          <SelectField label={words.section} value={fields.section} onChange={(e) => setFields({ ...fields, section: e.target.value })}>
            {kind === "article" ? (
              <>
                <option value="blog">{words.blog}</option>
                <option value="news">{words.news}</option>
              </>
            ) : (
              <>
                <option value="use-cases">{words.scenarios}</option>
                <option value="solutions">{words.solutions}</option>
              </>
            )}
          </SelectField>
        ) : null}
        {needsKey ? (
          <TextField
            label={kind === "release-notes" ? words.version : words.key}
            hint={kind === "release-notes" ? words.versionHint : words.keyHint}
            value={fields.key}
            onChange={(e) => setFields({ ...fields, key: e.target.value })}
            spellCheck={false}
          />
        ) : null}
        <p className="font-mono text-xs break-all text-slate-600" aria-live="polite">
          {path ?? words.incomplete}
        </p>
        <Button type="submit" tone="primary" disabled={!path} className="w-full">
          {words.open}
        </Button>
      </form>
    </Panel>
  );
}

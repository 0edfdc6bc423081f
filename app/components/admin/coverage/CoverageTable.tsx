import { Form, Link, useNavigation, useSubmit } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import { COVERAGE_KINDS, contentEditorHref, type CoverageCell, type CoverageKind, type CoverageReport, type CoverageRow, type CoverageStatus } from "~/lib/translation-coverage";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { AdminPage, Button, EmptyState, SelectField, TH } from "../ui";

const WORDS = {
  en: {
    title: "Translations",
    description:
      "Every content item and interface text by language. A version is compared with its source: the English version, or the Chinese one when there is no English. Open a cell to edit that version, or to start a missing one from its source.",
    kind: "Kind",
    allKinds: "All kinds",
    problems: "Only rows with problems",
    apply: "Apply",
    kinds: {
      blog: "Blog articles",
      news: "News",
      help: "Help articles",
      faq: "FAQ",
      releases: "Release notes",
      partners: "Partner texts",
      "use-cases": "Use cases",
      solutions: "Solutions",
      site: "Site texts",
      interface: "Interface texts",
    } satisfies Record<CoverageKind, string>,
    singles: { faq: "FAQ (one file per language)", partners: "Partner texts (one file per language)", site: "Site title, keywords and description" } as Partial<Record<CoverageKind, string>>,
    legend: "Legend",
    short: { current: "OK", missing: "Missing", older: "Older", incomplete: "" } satisfies Record<CoverageStatus, string>,
    long: {
      current: "present and current",
      missing: "missing",
      older: "older than its source",
      incomplete: "incomplete",
    } satisfies Record<CoverageStatus, string>,
    legendText: {
      current: "Present and not older than its source",
      missing: "No version in this language yet",
      older: "Its source changed after this version did",
      incomplete: "Some of the source's questions, partners or keys are missing (have/need)",
    } satisfies Record<CoverageStatus, string>,
    sourceShort: "Source",
    sourceText: "The version the others are compared with",
    draftText: "A staff draft of this version waits to be published",
    draft: "draft waiting",
    item: "Item",
    currentOf: (c: number, t: number) => `${c}/${t}`,
    currentSr: "current",
    summary: (shown: number, rows: number, s: Record<CoverageStatus, number>) =>
      `${shown === rows ? `${rows} rows` : `${shown} of ${rows} rows have problems`} · ${s.missing} missing · ${s.older} older · ${s.incomplete} incomplete`,
    edit: "open in the editor",
    start: "start it from the source",
    changed: (d: string) => `changed ${d}`,
    sourceChanged: (d: string) => `source changed ${d}`,
    keysMissing: (n: number) => `${n} key${n === 1 ? "" : "s"} missing`,
    entries: (have: number, need: number) => `${have} of ${need}`,
    noRows: "Nothing to show",
    noProblems: "No missing or outdated versions of this kind.",
    noContent: "There is no content of this kind yet.",
    caption: "Translation coverage by item and language",
  },
  zh: {
    title: "翻译覆盖",
    description: "按语言列出所有内容条目和界面文字。每个版本都与其源版本比较：源版本为英文版；没有英文版时为中文版。点击单元格即可编辑该版本，缺失的版本会以源版本为底稿开始翻译。",
    kind: "类型",
    allKinds: "全部类型",
    problems: "只看有问题的行",
    apply: "应用",
    kinds: {
      blog: "博客文章",
      news: "新闻",
      help: "帮助文章",
      faq: "常见问题",
      releases: "更新日志",
      partners: "合作伙伴文案",
      "use-cases": "使用场景",
      solutions: "解决方案",
      site: "网站文案",
      interface: "界面文字",
    } satisfies Record<CoverageKind, string>,
    singles: { faq: "常见问题（每种语言一个文件）", partners: "合作伙伴文案（每种语言一个文件）", site: "网站标题、关键词和描述" } as Partial<Record<CoverageKind, string>>,
    legend: "图例",
    short: { current: "最新", missing: "缺失", older: "较旧", incomplete: "" } satisfies Record<CoverageStatus, string>,
    long: { current: "已有且为最新", missing: "缺失", older: "比源版本旧", incomplete: "不完整" } satisfies Record<CoverageStatus, string>,
    legendText: {
      current: "已有，且不比源版本旧",
      missing: "该语言还没有这个版本",
      older: "此版本之后源版本又有修改",
      incomplete: "缺少源版本中的部分问题、合作伙伴或文案键（已有/应有）",
    } satisfies Record<CoverageStatus, string>,
    sourceShort: "源",
    sourceText: "其他语言据以比较的版本",
    draftText: "此版本有一份待发布的草稿",
    draft: "有待发布草稿",
    item: "条目",
    currentOf: (c: number, t: number) => `${c}/${t}`,
    currentSr: "为最新",
    summary: (shown: number, rows: number, s: Record<CoverageStatus, number>) =>
      `${shown === rows ? `共 ${rows} 行` : `${rows} 行中有 ${shown} 行存在问题`} · 缺失 ${s.missing} · 较旧 ${s.older} · 不完整 ${s.incomplete}`,
    edit: "在编辑器中打开",
    start: "以源版本为底稿开始翻译",
    changed: (d: string) => `修改于 ${d}`,
    sourceChanged: (d: string) => `源版本修改于 ${d}`,
    keysMissing: (n: number) => `缺少 ${n} 个键`,
    entries: (have: number, need: number) => `${have} / ${need}`,
    noRows: "没有可显示的内容",
    noProblems: "这一类型没有缺失或过时的版本。",
    noContent: "这一类型还没有内容。",
    caption: "按条目和语言列出的翻译覆盖情况",
  },
};

type Words = (typeof WORDS)["en"];

const TONES: Record<CoverageStatus, string> = {
  current: "bg-green-50 text-green-800 ring-green-200",
  missing: "bg-red-50 text-red-800 ring-red-200",
  older: "bg-amber-50 text-amber-900 ring-amber-300",
  incomplete: "bg-orange-50 text-orange-900 ring-orange-300",
};
const SOURCE_TONE = "bg-blue-50 text-blue-800 ring-blue-200";

function cellText(cell: CoverageCell, kind: CoverageKind, words: Words): string {
  if (cell.source) return words.sourceShort;
  if (cell.status === "incomplete") return kind === "interface" && cell.need !== null && cell.have !== null ? `−${cell.need - cell.have}` : `${cell.have}/${cell.need}`;
  return words.short[cell.status];
}

function Cell({ row, cell, words }: { row: CoverageRow; cell: CoverageCell; words: Words }) {
  const lang = useAdminLang();
  const when = (iso: string | null) => (iso ? formatStaffTime(iso, lang, { dateStyle: "medium" }) : null);
  const language = getLanguage(cell.lang).nativeName;
  const details = [
    cell.source ? words.sourceText : words.long[cell.status],
    cell.status === "incomplete" && cell.have !== null && cell.need !== null
      ? row.kind === "interface"
        ? words.keysMissing(cell.need - cell.have)
        : words.entries(cell.have, cell.need)
      : null,
    cell.changed_at ? words.changed(when(cell.changed_at)!) : null,
    cell.status === "older" && cell.source_changed_at ? words.sourceChanged(when(cell.source_changed_at)!) : null,
    cell.draft ? words.draft : null,
  ].filter(Boolean);
  const pill = (
    <span className={`inline-flex min-w-[3.25rem] items-center justify-center gap-1 rounded px-1 py-1 text-[11px] leading-none font-medium whitespace-nowrap ring-1 ring-inset ${cell.source ? SOURCE_TONE : TONES[cell.status]}`}>
      {cellText(cell, row.kind, words)}
      {cell.draft ? <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" /> : null}
    </span>
  );
  if (!cell.path) {
    return (
      <span title={details.join(" · ")}>
        {pill}
        <span className="sr-only">{`${language}: ${details.join(", ")}`}</span>
      </span>
    );
  }
  const action = cell.status === "missing" ? words.start : words.edit;
  return (
    <Link
      to={contentEditorHref(cell.path, cell.status === "missing" ? cell.from : null)}
      title={`${details.join(" · ")} — ${action}`}
      aria-label={`${language}: ${details.join(", ")} — ${action}`}
      className="inline-block rounded no-underline hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700"
    >
      {pill}
    </Link>
  );
}

export function CoverageTable({ coverage, filter }: { coverage: CoverageReport; filter: { kind: CoverageKind | ""; problems: boolean } }) {
  const words = useAdminText(WORDS);
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/translations";
  const groups = COVERAGE_KINDS.map((kind) => ({ kind, rows: coverage.rows.filter((r) => r.kind === kind) })).filter((g) => g.rows.length);
  const columns = coverage.langs.length + 1;

  return (
    <AdminPage title={words.title} description={words.description}>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" onChange={(e) => void submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
        <SelectField label={words.kind} name="kind" defaultValue={filter.kind} className="w-full sm:w-56">
          <option value="">{words.allKinds}</option>
          {COVERAGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {words.kinds[k]}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input type="checkbox" name="problems" value="1" defaultChecked={filter.problems} className="h-4 w-4 rounded border-slate-300" />
          {words.problems}
        </label>
        <Button type="submit">{words.apply}</Button>
      </Form>

      <section aria-label={words.legend} className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-xs text-slate-700">
        <h2 className="sr-only">{words.legend}</h2>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li className="flex items-center gap-2">
            <span className={`inline-flex min-w-[3.5rem] justify-center rounded px-1.5 py-0.5 font-medium ring-1 ring-inset ${SOURCE_TONE}`}>{words.sourceShort}</span>
            {words.sourceText}
          </li>
          {(["current", "older", "incomplete", "missing"] as const).map((s) => (
            <li key={s} className="flex items-center gap-2">
              <span className={`inline-flex min-w-[3.5rem] justify-center rounded px-1.5 py-0.5 font-medium ring-1 ring-inset ${TONES[s]}`}>{s === "incomplete" ? "3/5" : words.short[s]}</span>
              {words.legendText[s]}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-flex min-w-[3.5rem] justify-center rounded bg-slate-50 px-1.5 py-1 ring-1 ring-slate-200 ring-inset">
              <span className="h-1.5 w-1.5 rounded-full bg-slate-600" />
            </span>
            {words.draftText}
          </li>
        </ul>
      </section>

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {words.summary(coverage.rows.length, coverage.total_rows, coverage.summary)}
      </p>

      {coverage.rows.length === 0 ? (
        <EmptyState title={words.noRows}>{filter.problems ? words.noProblems : words.noContent}</EmptyState>
      ) : (
        <div className={`relative max-h-[75vh] overflow-auto rounded-lg border border-slate-200 bg-white ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          <table className="min-w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">{words.caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${TH} sticky top-0 left-0 z-30 border-b border-r border-slate-200 bg-slate-50`}>
                  {words.item}
                </th>
                {coverage.counts.map((c) => (
                  <th key={c.lang} scope="col" className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50 px-0.5 py-2 text-center text-xs font-semibold tracking-wide text-slate-600">
                    <abbr title={getLanguage(c.lang as LangKey).nativeName} className="no-underline">
                      {c.lang.toUpperCase()}
                    </abbr>
                    <span className={`block font-normal tabular-nums ${c.current === c.total ? "text-green-700" : "text-slate-500"}`}>
                      {words.currentOf(c.current, c.total)}
                      <span className="sr-only"> {words.currentSr}</span>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((g) => (
              <tbody key={g.kind}>
                <tr>
                  <th scope="rowgroup" colSpan={columns} className="border-b border-slate-200 bg-slate-100 p-0 text-left text-xs font-semibold text-slate-700">
                    <span className="sticky left-0 inline-block px-3 py-1.5">
                      {words.kinds[g.kind]} <span className="font-normal text-slate-500">({g.rows.length})</span>
                    </span>
                  </th>
                </tr>
                {g.rows.map((row) => (
                  <tr key={`${row.kind}/${row.key}`} className="group">
                    <th scope="row" className="sticky left-0 z-10 w-36 max-w-36 border-r border-b border-slate-200 bg-white px-3 py-2 align-top font-normal group-hover:bg-slate-50 sm:w-52 sm:max-w-52">
                      <span className="line-clamp-2 text-[13px] leading-snug text-slate-900" title={row.title}>
                        {words.singles[row.kind] ?? row.title}
                      </span>
                      {words.singles[row.kind] || row.kind === "interface" ? null : <span className="block truncate font-mono text-[11px] text-slate-500">{row.key}</span>}
                    </th>
                    {row.cells.map((cell) => (
                      <td key={cell.lang} className="border-b border-slate-100 px-0.5 py-2 text-center align-middle group-hover:bg-slate-50">
                        <Cell row={row} cell={cell} words={words} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </AdminPage>
  );
}

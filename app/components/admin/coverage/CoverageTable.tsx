import { Form, Link, useNavigation, useSubmit } from "react-router";
import { getLanguage, type LangKey } from "~/i18n/languages";
import {
  COVERAGE_KINDS,
  contentEditorHref,
  type CoverageCell,
  type CoverageKind,
  type CoverageRow,
  type CoverageStatus,
} from "@contracts/translation-coverage";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { AdminPage, Button, EmptyState, SelectField, TH } from "../ui";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/translations";

type Words = ReturnType<typeof useAdminWords<"coverage", "table">>["t"];

const TONES: Record<CoverageStatus, string> = {
  current: "bg-green-50 text-green-800 ring-green-200",
  missing: "bg-red-50 text-red-800 ring-red-200",
  older: "bg-amber-50 text-amber-900 ring-amber-300",
  incomplete: "bg-orange-50 text-orange-900 ring-orange-300",
};
const SOURCE_TONE = "bg-blue-50 text-blue-800 ring-blue-200";

function cellText(cell: CoverageCell, kind: CoverageKind, t: Words): string {
  if (cell.source) return t("sourceShort");
  if (cell.status === "incomplete")
    return kind === "interface" && cell.need !== null && cell.have !== null ? `−${cell.need - cell.have}` : `${cell.have}/${cell.need}`;
  return t(`short.${cell.status}`);
}

function Cell({ row, cell, t }: { row: CoverageRow; cell: CoverageCell; t: Words }) {
  const locale = useStaffLocale();
  const when = (iso: string | null) => (iso ? formatStaffTime(iso, locale, { dateStyle: "medium" }) : null);
  const language = getLanguage(cell.lang).nativeName;
  const details = [
    cell.source ? t("sourceText") : t(`long.${cell.status}`),
    cell.status === "incomplete" && cell.have !== null && cell.need !== null
      ? row.kind === "interface"
        ? t("keysMissing", { count: cell.need - cell.have })
        : t("entries", { have: cell.have, need: cell.need })
      : null,
    cell.changed_at ? t("changed", { d: when(cell.changed_at)! }) : null,
    cell.status === "older" && cell.source_changed_at ? t("sourceChanged", { d: when(cell.source_changed_at)! }) : null,
    cell.draft ? t("draft") : null,
  ].filter(Boolean);
  const pill = (
    <span
      className={`inline-flex min-w-[3.25rem] items-center justify-center gap-1 rounded px-1 py-1 text-[11px] leading-none font-medium whitespace-nowrap ring-1 ring-inset ${cell.source ? SOURCE_TONE : TONES[cell.status]}`}
    >
      {cellText(cell, row.kind, t)}
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
  const action = cell.status === "missing" ? t("start") : t("edit");
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

export function CoverageTable({ coverage, filter }: PageData<typeof loader>) {
  const { t, maybe } = useAdminWords("coverage", "table");
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/translations";
  const groups = COVERAGE_KINDS.map((kind) => ({ kind, rows: coverage.rows.filter((r) => r.kind === kind) })).filter((g) => g.rows.length);
  const columns = coverage.langs.length + 1;

  return (
    <AdminPage title={t("title")} description={t("description")}>
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        onChange={(e) => void submit(e.currentTarget, { replace: true, preventScrollReset: true })}
      >
        <SelectField label={t("kind")} name="kind" defaultValue={filter.kind} className="w-full sm:w-56">
          <option value="">{t("allKinds")}</option>
          {COVERAGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input type="checkbox" name="problems" value="1" defaultChecked={filter.problems} className="h-4 w-4 rounded border-slate-300" />
          {t("problems")}
        </label>
        <Button type="submit">{t("apply")}</Button>
      </Form>

      <section aria-label={t("legend")} className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-xs text-slate-700">
        <h2 className="sr-only">{t("legend")}</h2>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li className="flex items-center gap-2">
            <span className={`inline-flex min-w-[3.5rem] justify-center rounded px-1.5 py-0.5 font-medium ring-1 ring-inset ${SOURCE_TONE}`}>
              {t("sourceShort")}
            </span>
            {t("sourceText")}
          </li>
          {(["current", "older", "incomplete", "missing"] as const).map((s) => (
            <li key={s} className="flex items-center gap-2">
              <span className={`inline-flex min-w-[3.5rem] justify-center rounded px-1.5 py-0.5 font-medium ring-1 ring-inset ${TONES[s]}`}>
                {s === "incomplete" ? "3/5" : t(`short.${s}`)}
              </span>
              {t(`legendText.${s}`)}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-flex min-w-[3.5rem] justify-center rounded bg-slate-50 px-1.5 py-1 ring-1 ring-slate-200 ring-inset">
              <span className="h-1.5 w-1.5 rounded-full bg-slate-600" />
            </span>
            {t("draftText")}
          </li>
        </ul>
      </section>

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {t(coverage.rows.length === coverage.total_rows ? "summaryAll" : "summaryProblems", {
          shown: coverage.rows.length,
          rows: coverage.total_rows,
          ...coverage.summary,
        })}
      </p>

      {coverage.rows.length === 0 ? (
        <EmptyState title={t("noRows")}>{filter.problems ? t("noProblems") : t("noContent")}</EmptyState>
      ) : (
        <div className={`relative max-h-[75vh] overflow-auto rounded-lg border border-slate-200 bg-white ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          <table className="min-w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${TH} sticky top-0 left-0 z-30 border-b border-r border-slate-200 bg-slate-50`}>
                  {t("item")}
                </th>
                {coverage.counts.map((c) => (
                  <th
                    key={c.lang}
                    scope="col"
                    className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50 px-0.5 py-2 text-center text-xs font-semibold tracking-wide text-slate-600"
                  >
                    <abbr title={getLanguage(c.lang as LangKey).nativeName} className="no-underline">
                      {c.lang.toUpperCase()}
                    </abbr>
                    <span className={`block font-normal tabular-nums ${c.current === c.total ? "text-green-700" : "text-slate-500"}`}>
                      {t("currentOf", { c: c.current, t: c.total })}
                      <span className="sr-only"> {t("currentSr")}</span>
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
                      {t(`kinds.${g.kind}`)} <span className="font-normal text-slate-500">({g.rows.length})</span>
                    </span>
                  </th>
                </tr>
                {g.rows.map((row) => (
                  <tr key={`${row.kind}/${row.key}`} className="group">
                    <th
                      scope="row"
                      className="sticky left-0 z-10 w-36 max-w-36 border-r border-b border-slate-200 bg-white px-3 py-2 align-top font-normal group-hover:bg-slate-50 sm:w-52 sm:max-w-52"
                    >
                      <span className="line-clamp-2 text-[13px] leading-snug text-slate-900" title={row.title}>
                        {maybe(`singles.${row.kind}`) ?? row.title}
                      </span>
                      {maybe(`singles.${row.kind}`) || row.kind === "interface" ? null : (
                        <span className="block truncate font-mono text-[11px] text-slate-500">{row.key}</span>
                      )}
                    </th>
                    {row.cells.map((cell) => (
                      <td key={cell.lang} className="border-b border-slate-100 px-0.5 py-2 text-center align-middle group-hover:bg-slate-50">
                        <Cell row={row} cell={cell} t={t} />
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

import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "../LocalizedLink";
import { Pagination } from "../Pagination";
import { SectionPage } from "../SectionPage";
import { PartnerCard } from "./PartnerCard";
import type { Facet, PartnerSummary } from "@contracts/partners";

export interface DirectoryData {
  filter: { type: string | null; region: string | null };
  facets: { types: Facet[]; regions: Facet[] };
  result: { list: PartnerSummary[]; total: number; page: number };
  pages: number;
}

/** /partner with the filters in the query (page 1 of the new choice), so every choice is a plain, crawlable link. */
function filterHref(filter: DirectoryData["filter"], change: Partial<DirectoryData["filter"]>): string {
  const next = { ...filter, ...change };
  const params = new URLSearchParams();
  if (next.type) params.set("type", next.type);
  if (next.region) params.set("region", next.region);
  const query = params.toString();
  return query ? `/partner?${query}` : "/partner";
}

const CHIP = "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm";

function FilterGroup({
  label,
  all,
  facets,
  selected,
  href,
  testId,
}: {
  label: string;
  all: string;
  facets: Facet[];
  selected: string | null;
  href: (slug: string | null) => string;
  testId: string;
}) {
  return (
    <div role="group" aria-labelledby={`${testId}-label`} className="min-w-0">
      <p id={`${testId}-label`} className="text-sm font-semibold text-slate-900">
        {label}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
        <li>
          <LocalizedLink
            to={href(null)}
            aria-current={selected === null ? "true" : undefined}
            className={`${CHIP} ${selected === null ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:border-indigo-400"}`}
            preventScrollReset
          >
            {all}
          </LocalizedLink>
        </li>
        {facets.map((f) => {
          const active = f.slug === selected;
          const count = <span className={`tabular-nums ${active ? "text-indigo-100" : "text-slate-500"}`}>{f.count}</span>;
          // A choice that leads to no partner under the other filter is shown, but not offered as a link.
          if (f.count === 0 && !active) {
            return (
              <li key={f.slug}>
                <span className={`${CHIP} cursor-default border-slate-200 text-slate-400`} aria-disabled="true">
                  {f.name} {count}
                </span>
              </li>
            );
          }
          return (
            <li key={f.slug}>
              <LocalizedLink
                to={href(f.slug)}
                aria-current={active ? "true" : undefined}
                data-slug={f.slug}
                className={`${CHIP} ${active ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:border-indigo-400"}`}
                preventScrollReset
              >
                {f.name} {count}
              </LocalizedLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function PartnerDirectoryPage({ data }: { data: DirectoryData }) {
  const { t } = useTranslation("growth");
  const { t: tc } = useTranslation();
  const { filter, facets, result } = data;
  const filtered = Boolean(filter.type || filter.region);
  return (
    <SectionPage title={tc("pages.partner.title")} intro={tc("pages.partner.intro")}>
      <section aria-label={t("partners.filters")} className="mt-8 grid gap-6 rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:grid-cols-2">
        <FilterGroup
          label={t("partners.type")}
          all={t("partners.allTypes")}
          facets={facets.types}
          selected={filter.type}
          href={(type) => filterHref(filter, { type })}
          testId="type-filter"
        />
        <FilterGroup
          label={t("partners.region")}
          all={t("partners.allRegions")}
          facets={facets.regions}
          selected={filter.region}
          href={(region) => filterHref(filter, { region })}
          testId="region-filter"
        />
      </section>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" role="status" data-testid="partner-count">
          {t("partners.results", { count: result.total })}
        </p>
        {filtered ? (
          <LocalizedLink to="/partner" className="text-sm font-semibold text-indigo-700 hover:underline" preventScrollReset>
            {t("partners.clear")}
          </LocalizedLink>
        ) : null}
      </div>

      {result.list.length ? (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="partner-list">
          {result.list.map((p) => (
            <li key={p.id}>
              <PartnerCard partner={p} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center" data-testid="partner-empty">
          <p className="text-lg font-semibold">{t("partners.empty")}</p>
          <p className="mt-2 text-slate-600">{t("partners.emptyHint")}</p>
          <LocalizedLink to="/partner" className="mt-6 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700">
            {t("partners.clear")}
          </LocalizedLink>
        </div>
      )}
      <Pagination page={result.page} pages={data.pages} />

      <BecomePartner />
    </SectionPage>
  );
}

export function BecomePartner() {
  const { t } = useTranslation("growth");
  return (
    <aside
      aria-labelledby="become-partner-title"
      className="mt-14 flex flex-col gap-4 rounded-2xl bg-indigo-50 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="become-partner-title" className="text-lg font-bold text-indigo-950">
          {t("partners.becomePartnerTitle")}
        </h2>
        <p className="mt-1 text-indigo-900">{t("partners.becomePartnerText")}</p>
      </div>
      <LocalizedLink
        to="/partner-plan"
        className="shrink-0 rounded-lg bg-indigo-600 px-5 py-2.5 text-center text-sm font-semibold text-white hover:bg-indigo-700"
      >
        {t("partners.becomePartner")}
      </LocalizedLink>
    </aside>
  );
}

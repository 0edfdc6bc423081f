import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { formatDate } from "~/lib/format/format-date";
import { LocalizedLink } from "../LocalizedLink";
import { formatBytes } from "~/lib/format/format-number";

export interface ReleaseView {
  id: number;
  version: string;
  released_at: string;
  summary: string;
  sections: { kind: "added" | "changed" | "fixed" | "security"; items: string[] }[];
  downloads: { system: "win64" | "win32" | "mac-x64" | "mac-arm64" | "linux"; url: string; size: number; sha256: string }[];
  prev: { id: number; version: string } | null;
  next: { id: number; version: string } | null;
}

const SECTION_STYLE = {
  added: "bg-emerald-100 text-emerald-800",
  changed: "bg-sky-100 text-sky-800",
  fixed: "bg-amber-100 text-amber-800",
  security: "bg-red-100 text-red-800",
} as const;

/** A release's notes by section; items are sanitised HTML made at import. */
export function ReleaseSections({ release, headingLevel = 3 }: { release: Pick<ReleaseView, "sections">; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("product");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-5" data-testid="release-sections">
      {release.sections.map((s) => (
        <section key={s.kind}>
          <Heading className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${SECTION_STYLE[s.kind]}`}>
            {t(`release.sections.${s.kind}`)}
          </Heading>
          <ul className="mt-2 list-disc space-y-1.5 pl-6 text-slate-700">
            {s.items.map((item, i) => (
              <li key={i} dangerouslySetInnerHTML={{ __html: item }} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Plain download links for every file of a release, with sizes. */
export function ReleaseFiles({ release }: { release: Pick<ReleaseView, "downloads"> }) {
  const { t } = useTranslation("product");
  const lang = useLang();
  return (
    <ul className="flex flex-wrap gap-2">
      {release.downloads.map((d) => (
        <li key={d.system}>
          <a
            href={d.url}
            download
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:border-indigo-400"
            title={`SHA-256 ${d.sha256}`}
          >
            {t(`systems.${d.system}`)}
            <span className="text-xs text-slate-500">{formatBytes(d.size, lang)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A release in a list: its version (linked to its notes), date and one-line summary. */
export function ReleaseHeading({ release }: { release: Pick<ReleaseView, "id" | "version" | "released_at" | "summary"> }) {
  const { t } = useTranslation("product");
  const lang = useLang();
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <LocalizedLink to={`/release/${release.id}`} className="text-lg font-semibold hover:text-indigo-700">
          {t("release.version", { version: release.version })}
        </LocalizedLink>
        <time dateTime={release.released_at} className="text-sm text-slate-500">
          {formatDate(release.released_at, lang)}
        </time>
      </p>
      <p className="mt-1 text-slate-700">{release.summary}</p>
    </>
  );
}

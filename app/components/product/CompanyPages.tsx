import type { OfficialChannelsView } from "@contracts/official-channels";
import { useTranslation } from "~/i18n/use-translation";
import { PageHtml } from "~/lib/page-html";
import { ExternalLink } from "../ExternalLink";
import { SectionPage } from "../SectionPage";

export interface AboutData {
  story: string;
  milestones: { year: number; title: string; text: string }[];
  values: { title: string; text: string }[];
  jobs: { id: string; title: string; team: string; location: string; type: string; summary: string; description: string }[];
}

export function AboutPage({ about }: { about: AboutData }) {
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  return (
    <SectionPage title={tc("pages.about.title")} intro={tc("pages.about.intro")}>
      <section aria-labelledby="about-story" className="mt-10 max-w-3xl">
        <h2 id="about-story" className="text-2xl font-bold">
          {t("about.story")}
        </h2>
        <PageHtml className="article-body mt-4" html={about.story} />
      </section>

      <section aria-labelledby="about-milestones" className="mt-14">
        <h2 id="about-milestones" className="text-2xl font-bold">
          {t("about.milestones")}
        </h2>
        <ol className="relative mt-6 space-y-8 border-l-2 border-indigo-200 pl-8" data-testid="milestones">
          {about.milestones.map((m) => (
            <li key={`${m.year}-${m.title}`} className="relative">
              <span
                className="absolute -left-[2.6rem] top-1 h-4 w-4 rounded-full border-4 border-white bg-indigo-600 ring-2 ring-indigo-200"
                aria-hidden="true"
              />
              <p className="text-sm font-bold text-indigo-700">{m.year}</p>
              <h3 className="text-lg font-semibold">{m.title}</h3>
              <p className="mt-1 text-slate-600">{m.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-values" className="mt-14">
        <h2 id="about-values" className="text-2xl font-bold">
          {t("about.values")}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {about.values.map((v) => (
            <li key={v.title} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold">{v.title}</h3>
              <p className="mt-2 text-slate-600">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-careers" className="mt-14" id="careers">
        <h2 id="about-careers" className="text-2xl font-bold">
          {t("about.careers")}
        </h2>
        <p className="mt-2 text-slate-600">{about.jobs.length ? t("about.careersIntro") : t("about.noJobs")}</p>
        <ul className="mt-6 space-y-4" data-testid="jobs">
          {about.jobs.map((job) => (
            <li key={job.id} id={`job-${job.id}`} className="rounded-xl border border-slate-200 bg-white">
              <details className="group">
                <summary className="cursor-pointer list-none p-5 [&::-webkit-details-marker]:hidden">
                  <h3 className="text-lg font-semibold group-open:text-indigo-700">{job.title}</h3>
                  {/* A summary holds phrasing content (and one heading): blocks as spans. */}
                  <span className="mt-1 block text-sm text-slate-500">
                    {job.team} · {job.location} · {job.type}
                  </span>
                  <span className="mt-2 block text-slate-700">{job.summary}</span>
                  <span className="mt-2 inline-block text-sm font-semibold text-indigo-700">{t("about.jobDetails")}</span>
                </summary>
                <PageHtml className="article-body border-t border-slate-100 px-5 pb-5 pt-4 text-base" html={job.description} />
              </details>
            </li>
          ))}
        </ul>
      </section>
    </SectionPage>
  );
}

/** The official channels (server/services/official-channels.server.ts), as the links page lists them. */
export type LinksData = OfficialChannelsView;

/** The official addresses, the page the phishing banner points to. External links open through the safe-navigation helper. */
export function LinksPage({ links }: { links: LinksData }) {
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  return (
    <SectionPage title={tc("pages.links.title")} intro={links.intro}>
      <p className="mt-4 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{t("links.verify")}</p>
      <div className="mt-10 grid gap-10 md:grid-cols-2">
        {links.groups.map((g) => (
          <section key={g.slug} aria-labelledby={`links-${g.slug}`}>
            <h2 id={`links-${g.slug}`} className="text-xl font-bold">
              {g.group}
            </h2>
            <ul className="mt-4 space-y-3" data-testid="links-group">
              {g.items.map((item) => (
                <li key={item.slug} className="rounded-xl border border-slate-200 bg-white p-4">
                  <ExternalLink
                    href={item.url}
                    hrefLang={item.hreflang}
                    className="font-semibold text-indigo-700 hover:underline"
                    describedBy={`link-${item.slug}-desc`}
                  >
                    {item.name}
                    <span className="sr-only"> ({t("links.external")})</span>
                  </ExternalLink>
                  <p className="mt-0.5 break-all font-mono text-sm text-slate-800">{item.url.replace(/^mailto:/, "")}</p>
                  <p id={`link-${item.slug}-desc`} className="mt-1 text-sm text-slate-600">
                    {item.description}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </SectionPage>
  );
}

import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { SeenByServer } from "@contracts/check-seen";
import { getLanguage } from "~/i18n/languages";
import { useLang } from "~/i18n/use-lang";
import { useTranslation } from "~/i18n/use-translation";
import { getJson } from "~/lib/api-client";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { judge, tally, type FindingId, type Level, type Observed, type Verdict } from "./findings";
import type { CheckHelpArticle, CheckHelpLinks } from "./help-links";
import { probeFingerprints, probeWebRtc, readBrowser } from "./probes";

/** The help article each finding points to: how to set what it measures in a profile. */
const HELP_FOR: Record<FindingId, CheckHelpArticle> = {
  address: "add-proxy",
  timeZone: "match-location-to-proxy",
  languages: "match-location-to-proxy",
  webrtc: "match-location-to-proxy",
  userAgent: "fingerprint-settings",
  automation: "local-api-quickstart",
  hardware: "fingerprint-settings",
  canvas: "fingerprint-settings",
  webgl: "fingerprint-settings",
  audio: "fingerprint-settings",
  fonts: "fingerprint-settings",
  headers: "fingerprint-settings",
};

const LEVEL_STYLE: Record<Level, string> = {
  pending: "bg-slate-100 text-slate-700",
  ok: "bg-emerald-100 text-emerald-900",
  risk: "bg-red-100 text-red-900",
  notice: "bg-amber-100 text-amber-900",
  info: "bg-sky-100 text-sky-900",
  unavailable: "bg-slate-100 text-slate-700",
};

const LEVEL_BORDER: Record<Level, string> = {
  pending: "border-slate-200",
  ok: "border-emerald-200",
  risk: "border-red-300",
  notice: "border-amber-300",
  info: "border-slate-200",
  unavailable: "border-slate-200",
};

function displayName(type: "region" | "language", code: string, lang: ReturnType<typeof useLang>): string {
  try {
    return new Intl.DisplayNames([getLanguage(lang).tag], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "What websites see" (/check): the page is the same for everyone and cached; what it says about
 * the visitor is measured after hydration, in the browser, plus the server's echo of the address
 * and headers it received (GET /api/check/seen, never cached).
 */
export function CheckPage({ help }: { help: CheckHelpLinks }) {
  const { t } = useTranslation("check");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [observed, setObserved] = useState<Observed>({ seen: null, browser: null, webrtc: null, prints: null });

  const loadSeen = useCallback(() => {
    setObserved((o) => ({ ...o, seen: null }));
    void getJson<SeenByServer>("/api/check/seen", { lang }).then((answer) => setObserved((o) => ({ ...o, seen: answer.ok ? answer.data : "failed" })));
  }, [lang]);

  useEffect(() => {
    loadSeen();
    void readBrowser().then((browser) => setObserved((o) => ({ ...o, browser })));
    void probeWebRtc().then((webrtc) => setObserved((o) => ({ ...o, webrtc })));
    void probeFingerprints().then((prints) => setObserved((o) => ({ ...o, prints })));
  }, [loadSeen]);

  const verdicts = judge(observed);
  const counts = tally(verdicts);
  const seen = observed.seen && observed.seen !== "failed" ? observed.seen : null;

  return (
    <SectionPage title={tc("pages.check.title")} intro={tc("pages.check.intro")}>
      <noscript>
        <p className="mt-8 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="check-noscript">
          {t("page.noScript")}{" "}
          <a href="/api/check/seen" className="font-semibold text-indigo-800 underline">
            {t("page.rawAnswer")}
          </a>
        </p>
      </noscript>

      <section aria-labelledby="check-summary" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8" data-testid="check-summary">
        <h2 id="check-summary" className="text-2xl font-bold">
          {t("summary.heading")}
        </h2>
        <div aria-live="polite" className="mt-4">
          {counts.pending ? (
            <p className="text-slate-700" data-testid="check-pending">
              <span className="mr-2 inline-block h-3 w-3 animate-pulse rounded-full bg-indigo-500 align-middle" aria-hidden="true" />
              {t("page.checking")}
            </p>
          ) : (
            <ul className="flex flex-wrap gap-3" data-testid="check-counts" data-risk={counts.risk} data-notice={counts.notice}>
              {counts.risk ? <li className={`rounded-full px-4 py-2 font-semibold ${LEVEL_STYLE.risk}`}>{t("summary.risk", { count: counts.risk })}</li> : null}
              {counts.notice ? (
                <li className={`rounded-full px-4 py-2 font-semibold ${LEVEL_STYLE.notice}`}>{t("summary.notice", { count: counts.notice })}</li>
              ) : null}
              {!counts.risk && !counts.notice ? <li className={`rounded-full px-4 py-2 font-semibold ${LEVEL_STYLE.ok}`}>{t("summary.clean")}</li> : null}
            </ul>
          )}
        </div>
        <p className="mt-4 max-w-3xl text-slate-700">{t("summary.stable")}</p>
        {help["account-flagged"] ? (
          <p className="mt-2">
            <LocalizedLink to={`/helps/${help["account-flagged"].id}`} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
              {t("labels.help", { title: help["account-flagged"].title })}
            </LocalizedLink>
          </p>
        ) : null}
        <p className="mt-4 max-w-3xl text-sm text-slate-600">{t("page.privacy")}</p>
        {observed.seen === "failed" ? (
          <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-white p-4 text-red-900">
            <p>{t("page.serverError")}</p>
            <button type="button" onClick={loadSeen} className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
              {t("page.retry")}
            </button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="check-findings" className="mt-12">
        <h2 id="check-findings" className="text-2xl font-bold">
          {t("page.findingsHeading")}
        </h2>
        <ul className="mt-6 grid gap-6 lg:grid-cols-2">
          {verdicts.map((verdict) => (
            <FindingCard key={verdict.id} verdict={verdict} help={help[HELP_FOR[verdict.id]]}>
              <FindingValues verdict={verdict} observed={observed} />
            </FindingCard>
          ))}
        </ul>
      </section>

      <section aria-labelledby="check-server" className="mt-12">
        <h2 id="check-server" className="text-2xl font-bold">
          {t("page.serverHeading")}
        </h2>
        <p className="mt-2 max-w-3xl text-slate-600">{t("page.serverIntro")}</p>
        {seen ? (
          <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="check-headers">
            {seen.headers.map((h) => (
              <div key={h.name} className="grid gap-1 p-4 sm:grid-cols-[16rem_1fr] sm:gap-4">
                <dt className="font-mono text-sm font-semibold text-slate-700">{h.name}</dt>
                <dd className="font-mono text-sm break-all text-slate-900">{h.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-4 text-slate-600">{observed.seen === "failed" ? t("page.serverError") : t("page.checking")}</p>
        )}
        <p className="mt-3 text-sm">
          <a href="/api/check/seen" className="text-indigo-700 underline-offset-2 hover:underline">
            {t("page.rawAnswer")}
          </a>
        </p>
      </section>

      <section aria-labelledby="check-sources" className="mt-12 max-w-3xl">
        <h2 id="check-sources" className="text-2xl font-bold">
          {t("page.sourcesHeading")}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
          <li>{t("page.sources.panopticlick")}</li>
          <li>{t("page.sources.amiunique")}</li>
          <li>{t("page.sources.crowd")}</li>
          <li>{t("page.sources.crossBrowser")}</li>
        </ul>
      </section>
    </SectionPage>
  );
}

function FindingCard({ verdict, help, children }: { verdict: Verdict; help: { id: number; title: string } | undefined; children: ReactNode }) {
  const { t } = useTranslation("check");
  const id = verdict.id;
  return (
    <li
      className={`flex flex-col rounded-2xl border-2 bg-white p-5 sm:p-6 ${LEVEL_BORDER[verdict.level]}`}
      data-testid={`finding-${id}`}
      data-level={verdict.level}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold" id={`finding-${id}`}>
          {t(`findings.${id}.title`)}
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${LEVEL_STYLE[verdict.level]}`}>
          {verdict.level === "pending" ? t("page.checking") : t(`status.${verdict.level}`)}
        </span>
      </div>
      <div className="mt-3 min-w-0">{children}</div>
      <dl className="mt-4 space-y-2 text-sm text-slate-700">
        <div>
          <dt className="inline font-semibold text-slate-900">{t("labels.reveals")}: </dt>
          <dd className="inline">{t(`findings.${id}.reveals`)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-900">{t("labels.matters")}: </dt>
          <dd className="inline">{t(`findings.${id}.matters`)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-900">{t("labels.setting")}: </dt>
          <dd className="inline">{t(`findings.${id}.setting`)}</dd>
        </div>
      </dl>
      {help ? (
        <p className="mt-auto pt-4 text-sm">
          <LocalizedLink to={`/helps/${help.id}`} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
            {t("labels.help", { title: help.title })}
          </LocalizedLink>
        </p>
      ) : null}
    </li>
  );
}

function Rows({ rows }: { rows: ReadonlyArray<readonly [label: string, value: ReactNode, mono?: boolean]> }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows.map(([label, value, mono]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className={`mb-1 font-medium break-words text-slate-900 sm:mb-0 ${mono ? "font-mono break-all" : ""}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Note({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "risk" }) {
  return <p className={`mt-2 text-sm ${tone === "risk" ? "font-semibold text-red-800" : "text-slate-700"}`}>{children}</p>;
}

function FindingValues({ verdict, observed }: { verdict: Verdict; observed: Observed }) {
  const { t } = useTranslation("check");
  const lang = useLang();
  if (verdict.level === "pending") return <p className="text-sm text-slate-500">{t("page.checking")}</p>;
  const seen = observed.seen && observed.seen !== "failed" ? observed.seen : null;
  const browser = observed.browser;
  const countryName = seen?.country ? displayName("region", seen.country, lang) : t("values.noCountry");
  const unknown = t("values.unknown");

  switch (verdict.id) {
    case "address":
      if (!seen) return <Note>{t("page.serverError")}</Note>;
      return (
        <>
          <Rows
            rows={[
              [t("values.address"), seen.ip ? <span data-testid="check-ip">{seen.ip}</span> : unknown, true],
              [t("values.country"), <span data-testid="check-country">{countryName}</span>],
              [t("values.network"), t("findings.address.network")],
            ]}
          />
          {seen.kind ? <Note>{`${seen.family === "ipv6" ? "IPv6" : "IPv4"} · ${t(`kinds.${seen.kind}`)}`}</Note> : null}
          {seen.kind && seen.kind !== "public" ? <Note>{t("findings.address.private")}</Note> : null}
        </>
      );
    case "timeZone":
      return (
        <>
          <Rows
            rows={[
              [t("values.timeZone"), <span data-testid="check-timezone">{browser?.timeZone ?? unknown}</span>, true],
              [t("values.country"), countryName],
            ]}
          />
          <Note tone={verdict.level === "risk" ? "risk" : "plain"}>
            <span data-testid="check-timezone-verdict" data-outcome={verdict.outcome}>
              {t(`findings.timeZone.${verdict.outcome}`, { zone: browser?.timeZone ?? "", country: countryName })}
            </span>
          </Note>
        </>
      );
    case "languages": {
      const languages = browser?.languages ?? [];
      const header = seen?.headers.find((h) => h.name === "accept-language")?.value;
      const mainName = verdict.main ? displayName("language", verdict.main, lang) : "";
      return (
        <>
          <Rows
            rows={[
              [t("values.languages"), languages.join(", ") || unknown, true],
              [t("values.acceptLanguage"), header ?? unknown, true],
              ...(verdict.main ? [[t("values.mainLanguage"), mainName] as const] : []),
            ]}
          />
          <Note>{t(`findings.languages.${verdict.outcome}`, { language: mainName, country: countryName })}</Note>
          {verdict.headerDiffers ? (
            <Note tone="risk">{t("findings.languages.headerDiffers", { script: languages[0] ?? "", header: header?.split(",")[0] ?? "" })}</Note>
          ) : null}
        </>
      );
    }
    case "webrtc": {
      const webrtc = observed.webrtc;
      return (
        <>
          {webrtc?.available ? (
            <Rows
              rows={[
                [t("values.webrtcHidden"), String(webrtc.mdns)],
                [t("values.webrtcRaw"), webrtc.raw.length ? webrtc.raw.join(", ") : "0", true],
              ]}
            />
          ) : null}
          <Note tone={verdict.level === "risk" ? "risk" : "plain"}>{t(`findings.webrtc.${verdict.outcome}`)}</Note>
        </>
      );
    }
    case "userAgent": {
      const hints = browser?.hints;
      return (
        <>
          <Rows
            rows={[
              [t("values.userAgent"), browser?.userAgent ?? unknown, true],
              [
                t("values.hints"),
                hints
                  ? `${hints.brands.map((b) => `${b.brand} ${b.version}`).join(", ")} · ${hints.platform}${hints.mobile ? " · mobile" : ""}`
                  : t("values.noHints"),
                true,
              ],
              ...Object.entries(browser?.highEntropy ?? {}).map(([key, value]) => [`${t("values.highEntropy")}: ${key}`, value, true] as const),
            ]}
          />
          {verdict.mismatches.length ? (
            verdict.mismatches.map((m) => (
              <Note key={m} tone="risk">
                {t(`findings.userAgent.mismatch.${m}`)}
              </Note>
            ))
          ) : (
            <Note>{t("findings.userAgent.agrees")}</Note>
          )}
        </>
      );
    }
    case "automation":
      return verdict.signals.length ? (
        <ul className="space-y-1" data-testid="automation-signals">
          {verdict.signals.map((s) => (
            <li key={s} className="text-sm font-semibold text-red-800" data-signal={s}>
              {t(`findings.automation.signals.${s}`)}
            </li>
          ))}
        </ul>
      ) : (
        <Note>{t("findings.automation.none")}</Note>
      );
    case "hardware":
      if (!browser) return null;
      return (
        <Rows
          rows={[
            [t("values.screen"), `${browser.screen.width} × ${browser.screen.height}`],
            [t("values.colorDepth"), t("values.bits", { value: browser.screen.colorDepth })],
            [t("values.pixelRatio"), String(browser.screen.pixelRatio)],
            [t("values.memory"), browser.deviceMemory === null ? unknown : t("values.memoryValue", { value: browser.deviceMemory })],
            [t("values.cores"), browser.cores === null ? unknown : String(browser.cores)],
            [t("values.touch"), String(browser.touchPoints)],
          ]}
        />
      );
    case "canvas":
    case "audio": {
      const hash = verdict.id === "canvas" ? observed.prints?.canvas : observed.prints?.audio;
      return hash ? <Rows rows={[[t("values.hash"), <span data-testid={`hash-${verdict.id}`}>{hash}</span>, true]]} /> : <Note>{t("status.unavailable")}</Note>;
    }
    case "webgl": {
      const webgl = observed.prints?.webgl;
      return webgl ? (
        <Rows
          rows={[
            [t("values.vendor"), webgl.vendor ?? unknown, true],
            [t("values.renderer"), webgl.renderer ?? unknown, true],
            [t("values.hash"), webgl.hash ?? unknown, true],
          ]}
        />
      ) : (
        <Note>{t("status.unavailable")}</Note>
      );
    }
    case "fonts":
      return browser ? (
        <Rows
          rows={[
            [t("values.fonts"), <span data-testid="check-fonts">{t("values.fontsValue", { found: browser.fonts.found, probed: browser.fonts.probed })}</span>],
          ]}
        />
      ) : null;
    case "headers":
      return (
        <>
          {verdict.dnt ? <Note>{t("findings.headers.dntOn")}</Note> : null}
          {verdict.gpc ? <Note>{t("findings.headers.gpcOn")}</Note> : null}
          {!verdict.dnt && !verdict.gpc ? <Note>{t("findings.headers.none")}</Note> : null}
        </>
      );
  }
}

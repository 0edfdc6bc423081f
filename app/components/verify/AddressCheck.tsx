import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import type { OfficialChannel } from "@contracts/official-channels";
import { useTranslation } from "~/i18n/use-translation";
import { useSiteLocale } from "~/i18n/use-lang";
import { getLanguage } from "~/i18n/languages";
import { localizePath } from "~/lib/urls/paths";
import { checkAddress, type AddressVerdict, type Reason, type SuspiciousCharacter } from "./address-check";

/** How long typing pauses before the verdict follows it. */
const TYPING_PAUSE_MS = 250;

/**
 * "Is this address ours?": a GET form (`?address=`), so it answers without scripts too (the
 * server renders the same check); with scripts the verdict follows the typing and the form is
 * never sent: the address stays in the browser.
 */
export function AddressCheck({ channels, initial }: { channels: readonly OfficialChannel[]; initial: string | null }) {
  const { t } = useTranslation("verify");
  const site = useSiteLocale();
  const inputId = useId();
  const [typed, setTyped] = useState(initial ?? "");
  const [checked, setChecked] = useState(initial ?? "");
  useEffect(() => {
    const timer = setTimeout(() => setChecked(typed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const verdict = useMemo(() => checkAddress(checked, channels), [checked, channels]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Scripts are running: the check is already on screen, and the address need not travel.
    event.preventDefault();
    setChecked(typed);
  };
  return (
    <section aria-labelledby="address-check" className="mt-12 max-w-3xl" data-testid="address-check">
      <h2 id="address-check" className="text-2xl font-bold">
        {t("address.heading")}
      </h2>
      <p className="mt-2 text-slate-600">{t("address.lead")}</p>
      <form method="get" action={localizePath("/verify", site.lang, site.defaultLang)} onSubmit={submit} className="mt-6 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t("address.label")}
        </label>
        <input
          id={inputId}
          name="address"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={2000}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t("address.placeholder")}
          aria-describedby={`${inputId}-privacy`}
          data-testid="address-input"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 font-mono text-base focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
        />
        <button type="submit" className="shrink-0 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
          {t("address.submit")}
        </button>
      </form>
      <p id={`${inputId}-privacy`} className="mt-2 text-sm text-slate-500">
        {t("address.privacy")}
      </p>
      <div aria-live="polite" className="mt-6">
        {verdict ? <Verdict verdict={verdict} lang={getLanguage(site.lang).tag} /> : null}
      </div>
    </section>
  );
}

const TONE = {
  official: "border-emerald-300 bg-emerald-50 text-emerald-950",
  suspicious: "border-red-300 bg-red-50 text-red-950",
  unknown: "border-slate-300 bg-slate-50 text-slate-900",
  invalid: "border-amber-300 bg-amber-50 text-amber-950",
} as const;

const MARK = { official: "✓", suspicious: "✕", unknown: "?", invalid: "!" } as const;

function Verdict({ verdict, lang }: { verdict: AddressVerdict; lang: string }) {
  const { t } = useTranslation("verify");
  const title = t(`address.verdict.${verdict.status}`);
  return (
    <div className={`rounded-xl border-2 p-5 ${TONE[verdict.status]}`} data-testid="address-verdict" data-status={verdict.status} data-input={verdict.input}>
      <p className="flex items-start gap-3 text-lg font-bold">
        <span aria-hidden="true" className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-current text-base">
          {MARK[verdict.status]}
        </span>
        <span>{title}</span>
      </p>
      {verdict.host ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("address.host")}</dt>
          <dd className="break-all font-mono" data-testid="verdict-host">
            {verdict.host}
          </dd>
          {verdict.asciiHost ? (
            <>
              <dt className="font-semibold">{t("address.asciiHost")}</dt>
              <dd className="break-all font-mono" data-testid="verdict-ascii">
                {verdict.asciiHost}
              </dd>
            </>
          ) : null}
          {verdict.owner && verdict.owner !== verdict.host ? (
            <>
              <dt className="font-semibold">{t("address.owner")}</dt>
              <dd className="break-all font-mono" data-testid="verdict-owner">
                {verdict.owner}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {verdict.status === "official" && verdict.channel ? (
        <p className="mt-3" data-testid="verdict-channel">
          {t("address.officialChannel", { name: verdict.channel.name })}
        </p>
      ) : null}
      {verdict.status === "unknown" ? <p className="mt-3">{t("address.unknownText")}</p> : null}
      {verdict.status === "invalid" ? <p className="mt-3">{t("address.invalidText")}</p> : null}
      {verdict.status === "suspicious" ? <p className="mt-3">{t("address.suspiciousText")}</p> : null}
      {verdict.reasons.length ? (
        <ul className="mt-3 list-disc space-y-2 ps-5" data-testid="verdict-reasons">
          {verdict.reasons.map((reason, i) => (
            <li key={i} data-reason={reason.code}>
              <ReasonText reason={reason} lang={lang} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A script's name in the page's language ("Cyrillic", "西里尔文"), from its ISO 15924 code. */
function scriptName(code: string | null, lang: string): string {
  if (!code || code === "Zyyy") return "?";
  try {
    return new Intl.DisplayNames([lang], { type: "script" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "a, b and c" in the page's language. */
function listOf(items: string[], lang: string): string {
  try {
    return new Intl.ListFormat([lang], { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

function Characters({ characters, lang }: { characters: SuspiciousCharacter[]; lang: string }) {
  const { t } = useTranslation("verify");
  return (
    <ul className="mt-1 space-y-0.5">
      {characters.map((c, i) => (
        <li key={i} data-testid="verdict-character">
          <span className="rounded bg-white/70 px-1.5 font-mono text-base ring-1 ring-current/20">{c.char}</span>{" "}
          <span className="font-mono text-sm">{c.codePoint}</span> ({scriptName(c.script, lang)})
          {c.looksLike ? <> {t("address.looksLike", { like: c.looksLike })}</> : null}
        </li>
      ))}
    </ul>
  );
}

function ReasonText({ reason, lang }: { reason: Reason; lang: string }) {
  const { t } = useTranslation("verify");
  switch (reason.code) {
    case "confusable":
      return (
        <>
          {t("address.reasons.confusable", { ours: reason.ours })}
          <Characters characters={reason.characters} lang={lang} />
        </>
      );
    case "mixedScripts":
      return (
        <>
          {t("address.reasons.mixedScripts", {
            scripts: listOf(
              reason.scripts.map((s) => scriptName(s, lang)),
              lang,
            ),
          })}
          <Characters characters={reason.characters} lang={lang} />
        </>
      );
    case "otherSuffix":
      return <>{t("address.reasons.otherSuffix", { owner: reason.owner, ours: listOf(reason.ours, lang) })}</>;
    case "scriptScheme":
    case "otherScheme":
      return <>{t(`address.reasons.${reason.code}`, { scheme: reason.scheme })}</>;
    case "userinfo":
      return <>{t("address.reasons.userinfo", { shown: reason.shown, host: reason.host })}</>;
    case "ipHost":
      return <>{t("address.reasons.ipHost", { ip: reason.ip })}</>;
    case "lookalike":
      return <>{t("address.reasons.lookalike", { ours: reason.ours })}</>;
    case "nameInside":
      return <>{t("address.reasons.nameInside", { owner: reason.owner })}</>;
    case "unofficialDownload":
      return <>{t("address.reasons.unofficialDownload", { file: reason.file })}</>;
    case "otherAccount":
      return <>{t("address.reasons.otherAccount", { service: reason.service, ours: reason.ours })}</>;
    case "messenger":
      return <>{t("address.reasons.messenger", { service: reason.service })}</>;
    case "plainHttp":
      return <>{t("address.reasons.plainHttp")}</>;
  }
}

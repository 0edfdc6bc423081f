import { useHydrated } from "~/hooks/use-hydrated";
import type { ReleaseSigningKey } from "@contracts/release-checksums";
import type { SignedRelease } from "@contracts/release-verification";
import { useLang } from "~/i18n/use-lang";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/lib/format/format-date";
import { SITE_NAME } from "~/lib/site";
import { signatureState } from "./file-verdict";

const KEY_PATH = "/.well-known/release-signing-key.pem";

const STATE_STYLE = {
  valid: "bg-emerald-100 text-emerald-900",
  invalid: "bg-red-100 text-red-900",
  unsigned: "bg-amber-100 text-amber-900",
} as const;

/**
 * The newest releases' checksum lists, each signature checked in the browser against the key
 * the page publishes (docs/decisions/0041), and how to check the same by hand with standard tools.
 * The states appear once scripts run: the server's page is the same for everyone and proves nothing.
 */
export function SignedReleases({ releases, signingKey, origin }: { releases: SignedRelease[]; signingKey: ReleaseSigningKey | null; origin: string }) {
  const { t } = useTranslation("verify");
  const lang = useLang();
  // Checked in the browser only: a state the server wrote into the page would prove nothing.
  const hydrated = useHydrated();
  const newest = releases[0];

  return (
    <section aria-labelledby="signed-title" className="mt-10" data-testid="signed-releases">
      <h2 id="signed-title" className="text-2xl font-bold">
        {t("signed.title")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t("signed.intro")}</p>
      {signingKey ? (
        <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="signing-key">
          <p className="font-semibold text-slate-900">{t("signed.key")}</p>
          <p className="mt-1">
            {t("signed.keyId")}: <code className="font-mono">{signingKey.keyId}</code> · Ed25519
          </p>
          <p className="mt-1">
            <code className="font-mono break-all text-slate-700">{signingKey.publicKey}</code>
          </p>
          <a href={KEY_PATH} className="mt-2 inline-block font-semibold text-indigo-700 underline hover:no-underline">
            {t("signed.keyFile")}
          </a>
        </div>
      ) : (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">{t("signed.noKey")}</p>
      )}

      {releases.length === 0 ? <p className="mt-4 text-slate-600">{t("signed.noReleases")}</p> : null}
      <ul className="mt-4 space-y-3">
        {releases.map((release) => {
          const state = hydrated ? signatureState(release, signingKey) : undefined;
          return (
            <li key={release.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="signed-release" data-version={release.version}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {SITE_NAME} {release.version}{" "}
                  <span className="text-sm font-normal text-slate-500">
                    · <time dateTime={release.releasedAt}>{t("signed.released", { date: formatDate(release.releasedAt, lang) })}</time>
                  </span>
                </p>
                <span
                  className={`rounded-full px-3 py-0.5 text-sm font-medium ${state ? STATE_STYLE[state] : "bg-slate-100 text-slate-700"}`}
                  data-testid="signature-state"
                  data-state={state ?? "checking"}
                >
                  {t(`signed.state.${state ?? "checking"}`)}
                </span>
              </div>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-indigo-700">{t("signed.files")}</summary>
                <table className="mt-2 w-full table-fixed text-left">
                  <thead>
                    <tr className="text-slate-500">
                      <th scope="col" className="w-2/5 py-1 pr-2 font-medium">
                        {t("signed.file")}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t("signed.sha256")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {release.files.map((file) => (
                      <tr key={file.fileName} className="border-t border-slate-100 align-top">
                        <td className="py-1 pr-2 break-words">{file.fileName}</td>
                        <td className="py-1 font-mono text-xs break-all">{file.sha256}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="mt-2 flex flex-wrap gap-x-4">
                  <a href={`/release/${release.version}/SHA256SUMS`} className="text-indigo-700 underline hover:no-underline">
                    {t("signed.list")}
                  </a>
                  {release.signature ? (
                    <a href={`/release/${release.version}/SHA256SUMS.sig`} className="text-indigo-700 underline hover:no-underline">
                      {t("signed.signature")}
                    </a>
                  ) : null}
                </p>
              </details>
            </li>
          );
        })}
      </ul>

      {newest && signingKey ? <ByHand origin={origin} version={newest.version} example={newest.files[0]?.fileName ?? ""} /> : null}
    </section>
  );
}

function ByHand({ origin, version, example }: { origin: string; version: string; example: string }) {
  const { t } = useTranslation("verify");
  const code = "mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100";
  return (
    <details className="mt-6 rounded-xl border border-slate-200 bg-white p-4" data-testid="check-by-hand">
      <summary className="cursor-pointer font-semibold">{t("signed.byHand.title")}</summary>
      <p className="mt-3 text-sm text-slate-600">{t("signed.byHand.intro")}</p>
      <pre className={code}>
        {[`curl -O ${origin}${KEY_PATH}`, `curl -O ${origin}/release/${version}/SHA256SUMS`, `curl -O ${origin}/release/${version}/SHA256SUMS.sig`].join("\n")}
      </pre>
      <p className="mt-3 text-sm text-slate-600">{t("signed.byHand.verifyList")}</p>
      <pre className={code}>openssl pkeyutl -verify -pubin -inkey release-signing-key.pem -rawin -in SHA256SUMS -sigfile SHA256SUMS.sig</pre>
      <p className="mt-3 text-sm text-slate-600">{t("signed.byHand.verifyFile")}</p>
      <pre className={code}>sha256sum -c --ignore-missing SHA256SUMS</pre>
      <p className="mt-3 text-sm text-slate-600">{t("signed.byHand.windows")}</p>
      <pre className={code}>{`certutil -hashfile ${example} SHA256`}</pre>
      <p className="mt-3 text-sm text-slate-600">{t("signed.byHand.expect")}</p>
      <p className="mt-1 text-sm text-slate-600">{t("signed.byHand.more")}</p>
    </details>
  );
}

import { useRef, useState, type DragEvent } from "react";
import type { ReleaseSigningKey } from "@contracts/release-checksums";
import type { SignedRelease } from "@contracts/release-verification";
import { useLang } from "~/i18n/use-lang";
import { useTranslation } from "~/i18n/use-translation";
import { getJson } from "~/lib/api-client";
import { formatDate } from "~/lib/format/format-date";
import { formatBytes } from "~/lib/format/format-number";
import { LocalizedLink } from "../LocalizedLink";
import { sha256OfFile } from "./file-digest";
import { fileVerdict, type FileVerdict } from "./file-verdict";

type Check =
  | { step: "idle" }
  | { step: "reading"; name: string; size: number; done: number }
  | { step: "lookingUp"; name: string }
  | { step: "done"; name: string; sha256: string; verdict: FileVerdict }
  | { step: "failed"; reason: "read" | "lookup" };

/**
 * "Is this installer ours?" (docs/decisions/0041): the file is hashed here, in slices, and looked
 * up first among the releases the page lists, then by its checksum alone through the API (the
 * file itself is never sent). The verdict checks the release's signature in the browser.
 */
export function FileCheck({ releases, signingKey }: { releases: SignedRelease[]; signingKey: ReleaseSigningKey | null }) {
  const { t } = useTranslation("verify");
  const lang = useLang();
  const [check, setCheck] = useState<Check>({ step: "idle" });
  const [dragging, setDragging] = useState(false);
  const running = useRef<AbortController | null>(null);

  async function start(file: File) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setCheck({ step: "reading", name: file.name, size: file.size, done: 0 });
    let sha256: string;
    try {
      sha256 = await sha256OfFile(file, (done) => setCheck({ step: "reading", name: file.name, size: file.size, done }), controller.signal);
    } catch {
      if (!controller.signal.aborted) setCheck({ step: "failed", reason: "read" });
      return;
    }
    let candidates = releases;
    if (!releases.some((r) => r.files.some((f) => f.sha256 === sha256))) {
      setCheck({ step: "lookingUp", name: file.name });
      const found = await getJson<SignedRelease[]>("/api/home/release-checksums", { sha256, lang });
      if (controller.signal.aborted) return;
      if (!found.ok) return setCheck({ step: "failed", reason: "lookup" });
      candidates = [...found.data, ...releases];
    }
    if (controller.signal.aborted) return;
    setCheck({ step: "done", name: file.name, sha256, verdict: fileVerdict({ sha256, size: file.size, releases: candidates, key: signingKey }) });
  }

  function cancel() {
    running.current?.abort();
    setCheck({ step: "idle" });
  }

  function dropped(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void start(file);
  }

  return (
    <section aria-labelledby="file-check-title" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8" data-testid="file-check">
      <h2 id="file-check-title" className="text-2xl font-bold">
        {t("file.title")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{t("file.intro")}</p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropped}
        className={`mt-6 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors ${
          dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <svg viewBox="0 0 24 24" className="h-8 w-8 text-slate-400" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <label className="cursor-pointer rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white focus-within:ring-4 focus-within:ring-indigo-300 hover:bg-indigo-700">
          {t("file.choose")}
          <input
            type="file"
            className="sr-only"
            data-testid="file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void start(file);
              // The same file chosen again is checked again.
              event.target.value = "";
            }}
          />
        </label>
        <p className="text-sm text-slate-500">{dragging ? t("file.dropActive") : t("file.drop")}</p>
      </div>

      <div aria-live="polite" className="mt-6" data-testid="file-check-result">
        {check.step === "reading" ? <Reading check={check} onCancel={cancel} /> : null}
        {check.step === "lookingUp" ? <p className="text-slate-600">{t("file.lookingUp")}</p> : null}
        {check.step === "failed" ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {check.reason === "read" ? t("file.failed") : t("file.lookupFailed")}
          </p>
        ) : null}
        {check.step === "done" ? <Verdict check={check} keyId={signingKey?.keyId ?? ""} lang={lang} /> : null}
      </div>
    </section>
  );
}

function Reading({ check, onCancel }: { check: Extract<Check, { step: "reading" }>; onCancel: () => void }) {
  const { t } = useTranslation("verify");
  const lang = useLang();
  const percent = check.size === 0 ? 100 : Math.floor((check.done / check.size) * 100);
  return (
    <div className="flex flex-col gap-2" data-testid="file-progress">
      <p className="break-words text-slate-700">{t("file.reading", { name: check.name })}</p>
      <div className="flex items-center gap-3">
        <progress max={check.size || 1} value={check.done} className="h-2 w-full accent-indigo-600" aria-label={t("file.reading", { name: check.name })} />
        <button type="button" onClick={onCancel} className="shrink-0 rounded-lg px-3 py-1 text-sm text-slate-700 hover:bg-slate-100">
          {t("file.cancel")}
        </button>
      </div>
      <p className="text-sm text-slate-500">{t("file.progress", { percent, done: formatBytes(check.done, lang), total: formatBytes(check.size, lang) })}</p>
    </div>
  );
}

function Verdict({ check, keyId, lang }: { check: Extract<Check, { step: "done" }>; keyId: string; lang: ReturnType<typeof useLang> }) {
  const { t } = useTranslation("verify");
  // The systems as the download page names them.
  const { t: tp } = useTranslation("product");
  const { verdict } = check;
  const named = { system: verdict.kind === "unknown" ? "" : tp(`systems.${verdict.file.system}`) };
  const good = verdict.kind === "official";
  const tone = good
    ? "border-emerald-300 bg-emerald-50 text-emerald-950"
    : verdict.kind === "unsigned"
      ? "border-amber-300 bg-amber-50 text-amber-950"
      : "border-red-300 bg-red-50 text-red-950";
  return (
    <div className={`rounded-xl border p-5 ${tone}`} data-testid="file-verdict" data-verdict={verdict.kind}>
      <p className="flex items-center gap-2 text-lg font-bold">
        <span aria-hidden="true">{good ? "✓" : verdict.kind === "unsigned" ? "!" : "✗"}</span>
        {t(`file.${verdict.kind}.title`)}
      </p>
      {verdict.kind === "official" ? (
        <>
          <p className="mt-2">
            {t("file.official.text", { version: verdict.release.version, ...named, date: formatDate(verdict.release.releasedAt, lang), keyId })}
          </p>
          {check.name !== verdict.file.fileName ? (
            <p className="mt-2 break-words text-sm">{t("file.official.renamed", { name: check.name, official: verdict.file.fileName })}</p>
          ) : null}
          <LocalizedLink to={`/release/${verdict.release.id}`} className="mt-3 inline-block font-semibold underline hover:no-underline">
            {t("file.official.notes", { version: verdict.release.version })}
          </LocalizedLink>
        </>
      ) : null}
      {verdict.kind === "forged" ? <p className="mt-2">{t("file.forged.text", { version: verdict.release.version })}</p> : null}
      {verdict.kind === "unsigned" ? <p className="mt-2">{t("file.unsigned.text", { version: verdict.release.version, ...named })}</p> : null}
      {verdict.kind === "unknown" ? (
        <>
          <p className="mt-2">{t("file.unknown.text")}</p>
          {verdict.sameSize ? (
            <p className="mt-2 break-words">
              {t("file.unknown.sameSize", { name: verdict.sameSize.file.fileName, version: verdict.sameSize.release.version })}
            </p>
          ) : null}
        </>
      ) : null}
      {good ? null : (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 font-semibold">
          <LocalizedLink to="/download" className="underline hover:no-underline">
            {t("file.download")}
          </LocalizedLink>
          <LocalizedLink to="/contact" className="underline hover:no-underline">
            {t("file.support")}
          </LocalizedLink>
        </p>
      )}
      <p className="mt-4 text-sm">
        {t("file.checksum")}:{" "}
        <code className="font-mono break-all" data-testid="file-sha256">
          {check.sha256}
        </code>
      </p>
    </div>
  );
}

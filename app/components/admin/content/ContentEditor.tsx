import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { API_ERRORS } from "@contracts/api-errors";
import { useFormAction } from "~/lib/form-outcome";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { AdminPage, Badge, Button, Notice, TextField } from "../ui";
import type { EditorDocument } from "../../../../server/services/content.server";
import { ChangesFromLive } from "./ChangesFromLive";
import { STATE_TONES } from "./kinds";
import { useAdminWords } from "../admin-words";
import { StaffFormFields, useCsrfToken, useStaffSubmit } from "../staff-form";

/**
 * The editor's forms, posted to the page's action for the document in its address: "Save draft"
 * (a form of the text) and the buttons beside it (the /api/admin/content/* endpoints' declarations).
 */
export const CONTENT_FORMS = {
  save: "content-save",
  publish: "content-publish",
  schedule: "content-schedule",
  unschedule: "content-unschedule",
  discard: "content-discard",
  previewLink: "content-preview-link",
} as const;

/** The next whole minute plus one hour, as a datetime-local value in the browser's zone. */
function defaultScheduleValue(): string {
  const at = new Date(Date.now() + 60 * 60_000);
  at.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
}

export function ContentEditor({ document: doc }: { document: EditorDocument }) {
  const { t } = useAdminWords("content", "editor");
  const { t: kinds } = useAdminWords("content", "kinds");
  const { t: states } = useAdminWords("content", "states");
  const locale = useStaffLocale();
  const action = useStaffSubmit();
  const csrf = useCsrfToken();
  const saving = useFormAction<{ revision: number; problem: string | null }>(CONTENT_FORMS.save);
  // A save refused without scripts comes back with the text as it was typed.
  const typed = saving.outcome?.ok === false ? saving.outcome.values.source : undefined;
  const [source, setSource] = useState(typed ?? doc.source);
  const [savedSource, setSavedSource] = useState(doc.revision > 0 ? doc.source : null);
  const [revision, setRevision] = useState(doc.revision);
  const [problem, setProblem] = useState<string | null>(saving.outcome?.ok ? saving.outcome.data.problem : null);
  const [message, setMessage] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  const [conflict, setConflict] = useState(saving.outcome?.ok === false && saving.outcome.code === API_ERRORS.editConflict.code);
  const submitted = useRef<string | null>(null);
  const [scheduleAt, setScheduleAt] = useState("");
  const [previewLink, setPreviewLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [tab, setTab] = useState<"edit" | "preview">("edit");
  const previewForm = useRef<HTMLFormElement>(null);
  // Never saved here: changed from what is live (or new, with nothing live yet).
  const dirty = savedSource === null ? source !== doc.live || doc.live === "" : source !== savedSource;
  const canPublish = revision > 0 && !dirty && doc.state !== "published" && doc.state !== "file";

  useEffect(() => setScheduleAt(defaultScheduleValue()), []);

  // The live preview follows the text, a moment after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => previewForm.current?.requestSubmit(), 600);
    return () => clearTimeout(timer);
  }, [source]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const failed = useCallback(
    (result: { code: number; message: string; detail?: string }) => {
      if (result.code === API_ERRORS.editConflict.code) setConflict(true);
      else if (result.code === API_ERRORS.contentInvalid.code) setProblem(result.detail ?? result.message);
      else setMessage({ tone: "error", text: result.message });
    },
    [],
  );

  const save = useCallback(async (): Promise<number | null> => {
    setMessage(null);
    const result = await action.submit<{ revision: number; problem: string | null }>(CONTENT_FORMS.save, { source, revision });
    if (!result.ok) {
      failed(result);
      return null;
    }
    setRevision(result.data.revision);
    setSavedSource(source);
    setProblem(result.data.problem);
    return result.data.revision;
  }, [action, source, revision, failed]);

  const saveForm = useRef<HTMLFormElement>(null);
  const submitSave = (event: FormEvent<HTMLFormElement>) => {
    // Nothing to save (the button is not disabled: without scripts the browser cannot know).
    if (!dirty) return event.preventDefault();
    setMessage(null);
    submitted.current = source;
  };
  // The saved draft's answer (with scripts; without them the page came back with it).
  useEffect(() => {
    const outcome = saving.fetcher.data;
    if (!outcome || outcome.intent !== CONTENT_FORMS.save) return;
    if (!outcome.ok) return failed(outcome);
    setRevision(outcome.data.revision);
    if (submitted.current !== null) setSavedSource(submitted.current);
    setProblem(outcome.data.problem);
  }, [saving.fetcher.data, failed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        saveForm.current?.requestSubmit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const withSaved = async (run: (rev: number) => Promise<void>) => {
    const rev = dirty ? await save() : revision;
    if (rev === null) return;
    if (rev === 0) return setMessage({ tone: "info", text: t("saveFirst") });
    await run(rev);
  };

  const publish = () =>
    withSaved(async (rev) => {
      if (!window.confirm(t("publishConfirm"))) return;
      const result = await action.submit(CONTENT_FORMS.publish, { revision: rev });
      if (!result.ok) return failed(result);
      setProblem(null);
      setMessage({ tone: "success", text: t("publishedNow") });
    });

  const schedule = () =>
    withSaved(async (rev) => {
      const at = new Date(scheduleAt);
      if (Number.isNaN(at.getTime())) return;
      const result = await action.submit(CONTENT_FORMS.schedule, { revision: rev, at: at.toISOString() });
      if (!result.ok) return failed(result);
      setProblem(null);
      setMessage({ tone: "success", text: t("scheduledNow", { at: formatStaffTime(at, locale) }) });
    });

  const unschedule = async () => {
    const result = await action.submit(CONTENT_FORMS.unschedule, { revision });
    if (!result.ok) return failed(result);
    setMessage({ tone: "success", text: t("unscheduledNow") });
  };

  const discard = async () => {
    if (!window.confirm(t("discardConfirm"))) return;
    const result = await action.submit(CONTENT_FORMS.discard, { revision });
    if (!result.ok) return failed(result);
    window.location.reload();
  };

  const makePreviewLink = () =>
    withSaved(async () => {
      const result = await action.submit<{ url: string; expires_at: string }>(CONTENT_FORMS.previewLink, {});
      if (!result.ok) return failed(result);
      setPreviewLink(result.data);
      setCopied(false);
    });

  // The loader ran again after an action: adopt the server's revision unless the text moved on since.
  useEffect(() => {
    if (!dirty) setRevision(doc.revision);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.revision]);

  const busy = action.busy || saving.busy;
  return (
    <AdminPage
      title={doc.path}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>{kinds(doc.kind)}</span>
          <Badge tone={STATE_TONES[doc.state]}>{states(doc.state)}</Badge>
          {revision > 0 ? <span className="text-slate-500">{t("revision", { n: revision })}</span> : null}
          {dirty ? <Badge tone="amber">{t("unsaved")}</Badge> : null}
        </span>
      }
      actions={
        <>
          <Link to="/admin/content" className="self-center text-sm text-blue-800 underline">
            {t("back")}
          </Link>
          {doc.public_path ? (
            <a href={doc.public_path} target="_blank" rel="noopener" className="self-center text-sm text-blue-800 underline">
              {t("viewLive")}
            </a>
          ) : null}
        </>
      }
    >
      <div className="space-y-3">
        {conflict ? (
          <Notice>
            {t("conflict")}{" "}
            <button type="button" className="underline" onClick={() => window.location.reload()}>
              {t("reload")}
            </button>
          </Notice>
        ) : null}
        {doc.publish_error ? (
          <Notice>
            {t("scheduleFailed")}
            <pre className="mt-1 text-xs whitespace-pre-wrap">{doc.publish_error}</pre>
          </Notice>
        ) : null}
        {problem ? (
          <Notice>
            {t("problem")}
            <pre className="mt-1 text-xs whitespace-pre-wrap">{problem}</pre>
          </Notice>
        ) : null}
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}

        <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <Button type="submit" form="content-save" tone="primary" disabled={busy} aria-keyshortcuts="Control+S" title={t("shortcut")}>
            {busy ? t("saving") : t("save")}
          </Button>
          <Button onClick={() => void publish()} disabled={busy || (!dirty && !canPublish)}>
            {t("publish")}
          </Button>
          <div className="flex items-end gap-2">
            <TextField label={t("scheduleAt")} type="datetime-local" step={1} value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} className="w-56" />
            <Button onClick={() => void schedule()} disabled={busy || !scheduleAt}>
              {t("schedule")}
            </Button>
          </div>
          {doc.publish_at ? (
            <Button onClick={() => void unschedule()} disabled={busy}>
              {t("unschedule")}
            </Button>
          ) : null}
          <Button onClick={() => void makePreviewLink()} disabled={busy}>
            {t("previewLink")}
          </Button>
          {doc.revision > 0 && doc.state !== "published" ? (
            <Button tone="danger" onClick={() => void discard()} disabled={busy}>
              {t("discard")}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600" role="status">
          {doc.publish_at ? t("scheduledFor", { at: formatStaffTime(doc.publish_at, locale) }) + " " : ""}
          {doc.updated_at ? (doc.updated_by ? t("savedBy", { at: formatStaffTime(doc.updated_at, locale), who: doc.updated_by }) : t("saved", { at: formatStaffTime(doc.updated_at, locale) })) + " " : ""}
          {doc.published_at ? t("publishedAt", { at: formatStaffTime(doc.published_at, locale) }) : ""}
        </p>
        {previewLink ? (
          <Notice tone="info">
            {t("previewLinkMade", { until: formatStaffTime(previewLink.expires_at, locale) })}
            <span className="mt-1 flex flex-wrap items-center gap-2">
              <a href={previewLink.url} target="_blank" rel="noopener" className="font-mono text-xs break-all underline" data-testid="preview-link">
                {previewLink.url}
              </a>
              <Button
                small
                onClick={() => {
                  void navigator.clipboard?.writeText(previewLink.url).then(() => setCopied(true));
                }}
              >
                {copied ? t("copied") : t("copy")}
              </Button>
            </span>
          </Notice>
        ) : null}

        <ChangesFromLive live={doc.live} draft={source} />

        <div className="flex gap-2 lg:hidden" role="tablist">
          {(["edit", "preview"] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              onClick={() => setTab(key)}
              className={`rounded-md px-3 py-1.5 text-sm ${tab === key ? "bg-blue-700 text-white" : "border border-slate-300 bg-white"}`}
            >
              {key === "edit" ? t("editTab") : t("previewTab")}
            </button>
          ))}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={tab === "edit" ? "" : "hidden lg:block"}>
            <label htmlFor="document-source" className="block text-sm font-medium text-slate-800">
              {t("source")}
            </label>
            <p id="document-source-hint" className="text-xs text-slate-500">
              {t(`sourceHint.${doc.format}`)}
            </p>
            {/* The text is the save form's field; the form wraps only it (the buttons above name it with form=). */}
            <saving.fetcher.Form ref={saveForm} id="content-save" method="post" onSubmit={submitSave}>
              <StaffFormFields intent={CONTENT_FORMS.save} />
              <input type="hidden" name="revision" value={revision} />
              <textarea
                id="document-source"
                name="source"
                aria-describedby="document-source-hint"
                value={source}
                onChange={(e) => setSource(e.target.value)}
                spellCheck={doc.format === "markdown"}
                lang={doc.lang === "zh" ? "zh-Hans" : doc.lang ?? undefined}
                className="mt-1 h-[70vh] w-full resize-y rounded-md border border-slate-300 bg-white p-3 font-mono text-sm leading-relaxed text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600"
              />
            </saving.fetcher.Form>
          </div>
          <div className={tab === "preview" ? "" : "hidden lg:block"}>
            <p className="text-sm font-medium text-slate-800">{t("preview")}</p>
            <p className="text-xs text-slate-500">{t("previewNote")}</p>
            <form ref={previewForm} method="post" action="/admin/preview" target="content-preview" className="hidden">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="path" value={doc.path} />
              <textarea name="source" value={source} readOnly />
            </form>
            <iframe name="content-preview" title={t("previewTitle")} className="mt-1 h-[70vh] w-full rounded-md border border-slate-300 bg-white" />
          </div>
        </div>
      </div>
    </AdminPage>
  );
}

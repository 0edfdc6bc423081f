import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { API_ERRORS } from "~/lib/api-errors";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { useAdminApi, useCsrfToken } from "../use-admin-api";
import { AdminPage, Badge, Button, Notice, TextField } from "../ui";
import type { EditorDocument } from "../../../../server/services/content.server";
import { ChangesFromLive } from "./ChangesFromLive";
import { CONTENT_KIND_LABELS, STATE_LABELS, STATE_TONES } from "./kinds";


const WORDS = {
  en: {
    back: "All content",
    source: "Document",
    sourceHint: { markdown: "Markdown with YAML front matter (between the --- lines).", yaml: "YAML.", json: "JSON." },
    preview: "Live preview",
    previewTitle: "Preview of the page with this text",
    previewNote: "The real page, rendered from the text on the left (not saved, not published).",
    editTab: "Edit",
    previewTab: "Preview",
    save: "Save draft",
    saving: "Saving…",
    publish: "Publish now",
    publishConfirm: "Publish this document on the public site now?",
    schedule: "Schedule",
    scheduleAt: "Publish at (your time)",
    unschedule: "Cancel schedule",
    discard: "Discard draft",
    discardConfirm: "Throw away the draft and go back to what is live?",
    previewLink: "Preview link",
    previewLinkMade: (until: string) => `Anyone with this link sees the saved draft until ${until}:`,
    copy: "Copy",
    copied: "Copied",
    viewLive: "View the live page",
    unsaved: "Unsaved changes",
    saved: (at: string, who: string | null) => `Draft saved ${at}${who ? ` by ${who}` : ""}.`,
    revision: (n: number) => `Revision ${n}`,
    scheduledFor: (at: string) => `Goes live by itself at ${at}.`,
    publishedAt: (at: string) => `Last published here ${at}.`,
    publishedNow: "Published. The public page shows it now.",
    scheduledNow: (at: string) => `Scheduled for ${at}.`,
    unscheduledNow: "The schedule is cancelled; the draft stays.",
    discardedNow: "The draft is discarded.",
    problem: "The importer does not accept this draft yet (it is saved, but cannot be published like this):",
    scheduleFailed: "The scheduled publish failed, so the draft was kept:",
    conflict: "Someone saved this document after you opened it. Copy your text somewhere safe, then reload to see their version.",
    reload: "Reload",
    leave: "You have unsaved changes. Leave anyway?",
    saveFirst: "Save the draft first.",
    shortcut: "Ctrl+S saves",
  },
  zh: {
    back: "全部内容",
    source: "文档",
    sourceHint: { markdown: "Markdown，开头为 YAML 元数据（位于两行 --- 之间）。", yaml: "YAML 格式。", json: "JSON 格式。" },
    preview: "实时预览",
    previewTitle: "使用此文本的页面预览",
    previewNote: "根据左侧文本渲染的真实页面（未保存、未发布）。",
    editTab: "编辑",
    previewTab: "预览",
    save: "保存草稿",
    saving: "正在保存…",
    publish: "立即发布",
    publishConfirm: "确定要立即在公开网站上发布此文档吗？",
    schedule: "定时发布",
    scheduleAt: "发布时间（您的本地时间）",
    unschedule: "取消定时",
    discard: "放弃草稿",
    discardConfirm: "确定要放弃草稿并恢复为线上版本吗？",
    previewLink: "预览链接",
    previewLinkMade: (until: string) => `持有此链接的任何人在 ${until} 之前都可以查看已保存的草稿：`,
    copy: "复制",
    copied: "已复制",
    viewLive: "查看线上页面",
    unsaved: "有未保存的修改",
    saved: (at: string, who: string | null) => `草稿已于 ${at} 保存${who ? `（${who}）` : ""}。`,
    revision: (n: number) => `第 ${n} 版`,
    scheduledFor: (at: string) => `将于 ${at} 自动上线。`,
    publishedAt: (at: string) => `最近一次在后台发布：${at}。`,
    publishedNow: "已发布，公开页面现已显示新内容。",
    scheduledNow: (at: string) => `已定时于 ${at} 发布。`,
    unscheduledNow: "已取消定时，草稿保留。",
    discardedNow: "草稿已放弃。",
    problem: "导入程序暂不接受此草稿（已保存，但无法按此发布）：",
    scheduleFailed: "定时发布失败，草稿已保留：",
    conflict: "在您打开此文档后，其他人保存了新版本。请先把您的文本复制到安全的地方，然后刷新查看对方的版本。",
    reload: "刷新",
    leave: "有未保存的修改，确定要离开吗？",
    saveFirst: "请先保存草稿。",
    shortcut: "Ctrl+S 保存",
  },
};

/** The next whole minute plus one hour, as a datetime-local value in the browser's zone. */
function defaultScheduleValue(): string {
  const at = new Date(Date.now() + 60 * 60_000);
  at.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
}

export function ContentEditor({ document: doc }: { document: EditorDocument }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const api = useAdminApi();
  const csrf = useCsrfToken();
  const [source, setSource] = useState(doc.source);
  const [savedSource, setSavedSource] = useState(doc.revision > 0 ? doc.source : null);
  const [revision, setRevision] = useState(doc.revision);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  const [conflict, setConflict] = useState(false);
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
    const result = await api.post<{ revision: number; problem: string | null }>("/admin/content/save", { path: doc.path, source, revision });
    if (!result.ok) {
      failed(result);
      return null;
    }
    setRevision(result.data.revision);
    setSavedSource(source);
    setProblem(result.data.problem);
    return result.data.revision;
  }, [api, doc.path, source, revision, failed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  const withSaved = async (run: (rev: number) => Promise<void>) => {
    const rev = dirty ? await save() : revision;
    if (rev === null) return;
    if (rev === 0) return setMessage({ tone: "info", text: words.saveFirst });
    await run(rev);
  };

  const publish = () =>
    withSaved(async (rev) => {
      if (!window.confirm(words.publishConfirm)) return;
      const result = await api.post("/admin/content/publish", { path: doc.path, revision: rev });
      if (!result.ok) return failed(result);
      setProblem(null);
      setMessage({ tone: "success", text: words.publishedNow });
    });

  const schedule = () =>
    withSaved(async (rev) => {
      const at = new Date(scheduleAt);
      if (Number.isNaN(at.getTime())) return;
      const result = await api.post("/admin/content/schedule", { path: doc.path, revision: rev, at: at.toISOString() });
      if (!result.ok) return failed(result);
      setProblem(null);
      setMessage({ tone: "success", text: words.scheduledNow(formatStaffTime(at, lang)) });
    });

  const unschedule = async () => {
    const result = await api.post("/admin/content/unschedule", { path: doc.path, revision });
    if (!result.ok) return failed(result);
    setMessage({ tone: "success", text: words.unscheduledNow });
  };

  const discard = async () => {
    if (!window.confirm(words.discardConfirm)) return;
    const result = await api.post("/admin/content/discard", { path: doc.path, revision });
    if (!result.ok) return failed(result);
    window.location.reload();
  };

  const makePreviewLink = () =>
    withSaved(async () => {
      const result = await api.post<{ url: string; expires_at: string }>("/admin/content/preview-link", { path: doc.path }, { revalidate: false });
      if (!result.ok) return failed(result);
      setPreviewLink(result.data);
      setCopied(false);
    });

  // The loader ran again after an action: adopt the server's revision unless the text moved on since.
  useEffect(() => {
    if (!dirty) setRevision(doc.revision);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.revision]);

  const busy = api.pending;
  return (
    <AdminPage
      title={doc.path}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>{CONTENT_KIND_LABELS[doc.kind][lang]}</span>
          <Badge tone={STATE_TONES[doc.state]}>{STATE_LABELS[doc.state][lang]}</Badge>
          {revision > 0 ? <span className="text-slate-500">{words.revision(revision)}</span> : null}
          {dirty ? <Badge tone="amber">{words.unsaved}</Badge> : null}
        </span>
      }
      actions={
        <>
          <Link to="/admin/content" className="self-center text-sm text-blue-800 underline">
            {words.back}
          </Link>
          {doc.public_path ? (
            <a href={doc.public_path} target="_blank" rel="noopener" className="self-center text-sm text-blue-800 underline">
              {words.viewLive}
            </a>
          ) : null}
        </>
      }
    >
      <div className="space-y-3">
        {conflict ? (
          <Notice>
            {words.conflict}{" "}
            <button type="button" className="underline" onClick={() => window.location.reload()}>
              {words.reload}
            </button>
          </Notice>
        ) : null}
        {doc.publish_error ? (
          <Notice>
            {words.scheduleFailed}
            <pre className="mt-1 text-xs whitespace-pre-wrap">{doc.publish_error}</pre>
          </Notice>
        ) : null}
        {problem ? (
          <Notice>
            {words.problem}
            <pre className="mt-1 text-xs whitespace-pre-wrap">{problem}</pre>
          </Notice>
        ) : null}
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}

        <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <Button tone="primary" onClick={() => void save()} disabled={busy || !dirty} aria-keyshortcuts="Control+S" title={words.shortcut}>
            {busy ? words.saving : words.save}
          </Button>
          <Button onClick={() => void publish()} disabled={busy || (!dirty && !canPublish)}>
            {words.publish}
          </Button>
          <div className="flex items-end gap-2">
            <TextField label={words.scheduleAt} type="datetime-local" step={1} value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} className="w-56" />
            <Button onClick={() => void schedule()} disabled={busy || !scheduleAt}>
              {words.schedule}
            </Button>
          </div>
          {doc.publish_at ? (
            <Button onClick={() => void unschedule()} disabled={busy}>
              {words.unschedule}
            </Button>
          ) : null}
          <Button onClick={() => void makePreviewLink()} disabled={busy}>
            {words.previewLink}
          </Button>
          {doc.revision > 0 && doc.state !== "published" ? (
            <Button tone="danger" onClick={() => void discard()} disabled={busy}>
              {words.discard}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600" role="status">
          {doc.publish_at ? words.scheduledFor(formatStaffTime(doc.publish_at, lang)) + " " : ""}
          {doc.updated_at ? words.saved(formatStaffTime(doc.updated_at, lang), doc.updated_by) + " " : ""}
          {doc.published_at ? words.publishedAt(formatStaffTime(doc.published_at, lang)) : ""}
        </p>
        {previewLink ? (
          <Notice tone="info">
            {words.previewLinkMade(formatStaffTime(previewLink.expires_at, lang))}
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
                {copied ? words.copied : words.copy}
              </Button>
            </span>
          </Notice>
        ) : null}

        <ChangesFromLive live={doc.live} draft={source} />

        <div className="flex gap-2 lg:hidden" role="tablist">
          {(["edit", "preview"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={`rounded-md px-3 py-1.5 text-sm ${tab === t ? "bg-blue-700 text-white" : "border border-slate-300 bg-white"}`}
            >
              {t === "edit" ? words.editTab : words.previewTab}
            </button>
          ))}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={tab === "edit" ? "" : "hidden lg:block"}>
            <label htmlFor="document-source" className="block text-sm font-medium text-slate-800">
              {words.source}
            </label>
            <p id="document-source-hint" className="text-xs text-slate-500">
              {words.sourceHint[doc.format]}
            </p>
            <textarea
              id="document-source"
              aria-describedby="document-source-hint"
              value={source}
              onChange={(e) => setSource(e.target.value)}
              spellCheck={doc.format === "markdown"}
              lang={doc.lang === "zh" ? "zh-Hans" : doc.lang ?? undefined}
              className="mt-1 h-[70vh] w-full resize-y rounded-md border border-slate-300 bg-white p-3 font-mono text-sm leading-relaxed text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600"
            />
          </div>
          <div className={tab === "preview" ? "" : "hidden lg:block"}>
            <p className="text-sm font-medium text-slate-800">{words.preview}</p>
            <p className="text-xs text-slate-500">{words.previewNote}</p>
            <form ref={previewForm} method="post" action="/admin/preview" target="content-preview" className="hidden">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="path" value={doc.path} />
              <textarea name="source" value={source} readOnly />
            </form>
            <iframe name="content-preview" title={words.previewTitle} className="mt-1 h-[70vh] w-full rounded-md border border-slate-300 bg-white" />
          </div>
        </div>
      </div>
    </AdminPage>
  );
}

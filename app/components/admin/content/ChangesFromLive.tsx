import { diffLines } from "diff";
import { useDeferredValue, useMemo, useState } from "react";
import { useAdminWords } from "../admin-words";

type Line = { kind: "added" | "removed" | "same"; text: string } | { kind: "skipped"; count: number };

const CONTEXT = 2;

/** The draft against the live text, as changed lines with a little context: what publishing would change. */
export function changedLines(live: string, draft: string): { lines: Line[]; added: number; removed: number } {
  const lines: Line[] = [];
  let added = 0;
  let removed = 0;
  const parts = diffLines(live, draft);
  parts.forEach((part, index) => {
    const text = part.value.replace(/\n$/, "").split("\n");
    if (part.added || part.removed) {
      for (const t of text) lines.push({ kind: part.added ? "added" : "removed", text: t });
      if (part.added) added += text.length;
      else removed += text.length;
      return;
    }
    const head = index === 0 ? [] : text.slice(0, CONTEXT);
    const tail = index === parts.length - 1 ? [] : text.slice(-CONTEXT);
    if (head.length + tail.length >= text.length) {
      for (const t of text) lines.push({ kind: "same", text: t });
      return;
    }
    for (const t of head) lines.push({ kind: "same", text: t });
    lines.push({ kind: "skipped", count: text.length - head.length - tail.length });
    for (const t of tail) lines.push({ kind: "same", text: t });
  });
  return { lines, added, removed };
}

export function ChangesFromLive({ live, draft }: { live: string; draft: string }) {
  const { t } = useAdminWords("content", "changes");
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(draft);
  // Compared only while open: a long document is not diffed on every key press for nothing.
  const changes = useMemo(() => (open && live ? changedLines(live, deferred) : null), [open, live, deferred]);
  if (!live) return <p className="text-xs text-slate-600">{t("newDocument")}</p>;
  return (
    <details className="rounded-md border border-slate-200 bg-white" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        {changes ? (changes.added + changes.removed === 0 ? t("none") : t("summary", { added: changes.added, removed: changes.removed })) : t("title")}
      </summary>
      {changes ? (
        <div className="border-t border-slate-200 p-2">
          <p className="sr-only">{t("legend")}</p>
          <pre className="max-h-96 overflow-auto text-xs leading-5">
            {changes.lines.map((line, i) =>
              line.kind === "skipped" ? (
                <div key={i} className="px-2 text-slate-400 italic">
                  {t("skipped", { n: line.count })}
                </div>
              ) : (
                <div
                  key={i}
                  className={`px-2 whitespace-pre-wrap ${line.kind === "added" ? "bg-green-50 text-green-900" : line.kind === "removed" ? "bg-red-50 text-red-900" : "text-slate-600"}`}
                >
                  {line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}
                  {line.text}
                </div>
              ),
            )}
          </pre>
        </div>
      ) : null}
    </details>
  );
}

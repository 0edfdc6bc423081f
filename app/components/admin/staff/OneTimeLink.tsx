import { useEffect, useRef, useState } from "react";
import { Button, Panel } from "../ui";
import type { IssuedLink } from "./types";
import { useAdminWords } from "../admin-words";

export function OneTimeLink({ issued, onClose }: { issued: IssuedLink; onClose: () => void }) {
  const { t } = useAdminWords("staff", "link");
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setCopy("idle");
    heading.current?.focus();
  }, [issued.link]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(issued.link);
      setCopy("copied");
    } catch {
      input.current?.select();
      setCopy("failed");
    }
  };

  return (
    <div ref={heading} tabIndex={-1} className="outline-none">
      <Panel
        title={issued.kind === "invite" ? t("invite", { email: issued.email }) : t("reset", { email: issued.email })}
        className="border-green-300 bg-green-50/40"
      >
        <label htmlFor="one-time-link" className="block text-sm font-medium text-slate-800">
          {t("label")}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="one-time-link"
            ref={input}
            readOnly
            value={issued.link}
            onFocus={(e) => e.currentTarget.select()}
            className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
          />
          <Button tone="primary" onClick={() => void copyLink()} className="shrink-0">
            {copy === "copied" ? t("copied") : t("copy")}
          </Button>
        </div>
        {copy === "failed" ? <p className="mt-2 text-xs font-medium text-red-700">{t("copyFailed")}</p> : null}
        <p className="mt-2 text-sm text-slate-700">{t("note")}</p>
        <div className="mt-3">
          <Button onClick={onClose}>{t("close")}</Button>
        </div>
      </Panel>
    </div>
  );
}

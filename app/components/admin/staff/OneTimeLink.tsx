import { useEffect, useRef, useState } from "react";
import { useAdminText } from "../admin-lang";
import { Button, Panel } from "../ui";
import type { IssuedLink } from "./staff-words";

const WORDS = {
  en: {
    invite: (email: string) => `Invitation for ${email}`,
    reset: (email: string) => `New password link for ${email}`,
    label: "One-time link",
    note: "Send this link to them yourself (it is not emailed). It works once, within 48 hours; any earlier link of this account no longer works. It is shown only now.",
    copy: "Copy link",
    copied: "Copied",
    copyFailed: "Copying did not work: select the link and copy it.",
    close: "Done",
  },
  zh: {
    invite: (email: string) => `${email} 的邀请链接`,
    reset: (email: string) => `${email} 的新密码链接`,
    label: "一次性链接",
    note: "请您自行将此链接发送给对方（系统不会发送邮件）。链接在 48 小时内有效，只能使用一次；该账号之前的链接均已失效。此链接仅显示这一次。",
    copy: "复制链接",
    copied: "已复制",
    copyFailed: "复制失败，请选中链接后手动复制。",
    close: "完成",
  },
};

export function OneTimeLink({ issued, onClose }: { issued: IssuedLink; onClose: () => void }) {
  const words = useAdminText(WORDS);
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
      <Panel title={issued.kind === "invite" ? words.invite(issued.email) : words.reset(issued.email)} className="border-green-300 bg-green-50/40">
        <label htmlFor="one-time-link" className="block text-sm font-medium text-slate-800">
          {words.label}
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
            {copy === "copied" ? words.copied : words.copy}
          </Button>
        </div>
        {copy === "failed" ? <p className="mt-2 text-xs font-medium text-red-700">{words.copyFailed}</p> : null}
        <p className="mt-2 text-sm text-slate-700">{words.note}</p>
        <div className="mt-3">
          <Button onClick={onClose}>{words.close}</Button>
        </div>
      </Panel>
    </div>
  );
}

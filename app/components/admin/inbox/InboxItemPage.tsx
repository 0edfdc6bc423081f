import type { ReactNode } from "react";
import { Link } from "react-router";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, Notice, Panel } from "../ui";
import { DeliveryDetails } from "./DeliveryStatusView";
import { useStatusChange } from "./InboxPage";
import type { ApplicationDetail, InboxKind, MessageDetail } from "./types";

const WORDS = {
  en: {
    back: "Back to the inbox",
    messageTitle: (ref: string) => `Message ${ref}`,
    applicationTitle: (ref: string) => `Partner application ${ref}`,
    statuses: { new: "New", handled: "Handled" },
    markHandled: "Mark handled",
    markNew: "Mark new",
    handledAt: (when: string) => `Handled ${when}`,
    message: "Message",
    details: "Details",
    delivery: "Announcement to staff systems",
    name: "Name",
    contact: "Contact",
    company: "Company",
    contactName: "Contact person",
    email: "E-mail",
    website: "Website",
    type: "Partner type",
    regions: "Regions",
    language: "Language",
    page: "Sent from",
    received: "Received",
    reference: "Reference",
    none: "—",
    newTab: "(opens in a new tab)",
  },
  zh: {
    back: "返回收件箱",
    messageTitle: (ref: string) => `留言 ${ref}`,
    applicationTitle: (ref: string) => `合作伙伴申请 ${ref}`,
    statuses: { new: "未处理", handled: "已处理" },
    markHandled: "标记为已处理",
    markNew: "标记为未处理",
    handledAt: (when: string) => `处理于 ${when}`,
    message: "内容",
    details: "详细信息",
    delivery: "向员工系统的通知",
    name: "姓名",
    contact: "联系方式",
    company: "公司",
    contactName: "联系人",
    email: "电子邮箱",
    website: "网站",
    type: "合作类型",
    regions: "地区",
    language: "语言",
    page: "发送页面",
    received: "收到时间",
    reference: "编号",
    none: "—",
    newTab: "（在新标签页打开）",
  },
};

/** Only web addresses become links: what visitors typed is never trusted as a URL scheme. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const words = useAdminText(WORDS);
  if (!/^https?:\/\//i.test(href)) return <span className="break-all">{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-blue-800 underline">
      {children}
      <span className="sr-only"> {words.newTab}</span>
    </a>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="mb-2 min-w-0 text-slate-900 sm:mb-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export function InboxItemPage({ kind, item }: { kind: "message"; item: MessageDetail } | { kind: "application"; item: ApplicationDetail }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const { change, error, pending } = useStatusChange(kind as InboxKind);
  const back = `/admin/inbox?tab=${kind === "message" ? "messages" : "applications"}&status=${item.status}`;

  const details: [string, ReactNode][] =
    kind === "message"
      ? [
          [words.name, item.name],
          [words.contact, isEmail(item.contact) ? <a href={`mailto:${item.contact}`} className="break-all text-blue-800 underline">{item.contact}</a> : <span className="break-all">{item.contact}</span>],
          [words.language, <SiteLang lang={item.lang} />],
          [words.page, item.page_url ? <ExternalLink href={item.page_url}>{item.page_url}</ExternalLink> : words.none],
          [words.received, formatStaffTime(item.created_at, lang)],
          [words.reference, <span className="font-mono">{item.reference}</span>],
        ]
      : [
          [words.company, item.company],
          [words.contactName, item.contact_name],
          [words.email, <a href={`mailto:${item.email}`} className="break-all text-blue-800 underline">{item.email}</a>],
          [words.website, <ExternalLink href={item.website}>{item.website}</ExternalLink>],
          [words.type, item.type.name],
          [words.regions, item.regions.length ? new Intl.ListFormat(lang === "zh" ? "zh-CN" : "en-GB", { type: "conjunction" }).format(item.regions.map((r) => r.name)) : words.none],
          [words.language, <SiteLang lang={item.lang} />],
          [words.received, formatStaffTime(item.created_at, lang)],
          [words.reference, <span className="font-mono">{item.reference}</span>],
        ];

  return (
    <AdminPage
      title={kind === "message" ? words.messageTitle(item.reference) : words.applicationTitle(item.reference)}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone={item.status === "new" ? "amber" : "green"}>{words.statuses[item.status]}</Badge>
          {item.handled_at ? <span>{words.handledAt(formatStaffTime(item.handled_at, lang))}</span> : null}
        </span>
      }
      actions={
        <Button tone={item.status === "new" ? "primary" : "secondary"} disabled={pending} onClick={() => void change(item.id, item.status === "new" ? "handled" : "new")}>
          {item.status === "new" ? words.markHandled : words.markNew}
        </Button>
      }
    >
      <p className="-mt-3 mb-4 text-sm">
        <Link to={back} className="text-blue-800 underline">
          ← {words.back}
        </Link>
      </p>
      {error ? (
        <div className="mb-4">
          <Notice>{error}</Notice>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Panel title={words.message}>
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900" lang={isLangKey(item.lang) ? getLanguage(item.lang).tag : undefined}>
              {item.message}
            </p>
          </Panel>
          <Panel title={words.details}>
            <Facts rows={details} />
          </Panel>
        </div>
        <Panel title={words.delivery} className="self-start">
          <DeliveryDetails delivery={item.delivery} />
        </Panel>
      </div>
    </AdminPage>
  );
}

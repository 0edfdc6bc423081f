import type { ReactNode } from "react";
import { Link } from "react-router";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, Notice, Panel } from "../ui";
import { DeliveryDetails } from "./DeliveryStatusView";
import { useStatusChange, InboxStatusForm } from "./InboxPage";
import type { InboxKind } from "@contracts/staff-inbox";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/inbox-item";

/** Only web addresses become links: what visitors typed is never trusted as a URL scheme. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useAdminWords("inbox", "item");
  if (!/^https?:\/\//i.test(href)) return <span className="break-all">{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-blue-800 underline">
      {children}
      <span className="sr-only"> {t("newTab")}</span>
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

/** What the /admin/inbox/:kind/:id loader sends: a message or an application. */
export function InboxItemPage({ kind, item }: PageData<typeof loader>) {
  const { t } = useAdminWords("inbox", "item");
  const locale = useStaffLocale();
  const { lang } = locale;
  const { error, pending } = useStatusChange(kind as InboxKind, item.id);
  const back = `/admin/inbox?tab=${kind === "message" ? "messages" : "applications"}&status=${item.status}`;

  const details: [string, ReactNode][] =
    kind === "message"
      ? [
          [t("name"), item.name],
          [
            t("contact"),
            isEmail(item.contact) ? (
              <a href={`mailto:${item.contact}`} className="break-all text-blue-800 underline">
                {item.contact}
              </a>
            ) : (
              <span className="break-all">{item.contact}</span>
            ),
          ],
          [t("language"), <SiteLang lang={item.lang} />],
          [t("page"), item.page_url ? <ExternalLink href={item.page_url}>{item.page_url}</ExternalLink> : t("none")],
          [t("received"), formatStaffTime(item.created_at, locale)],
          [t("reference"), <span className="font-mono">{item.reference}</span>],
        ]
      : [
          [t("company"), item.company],
          [t("contactName"), item.contact_name],
          [
            t("email"),
            <a href={`mailto:${item.email}`} className="break-all text-blue-800 underline">
              {item.email}
            </a>,
          ],
          [t("website"), <ExternalLink href={item.website}>{item.website}</ExternalLink>],
          [t("type"), item.type.name],
          [
            t("regions"),
            item.regions.length
              ? new Intl.ListFormat(lang === "zh" ? "zh-CN" : "en-GB", { type: "conjunction" }).format(item.regions.map((r) => r.name))
              : t("none"),
          ],
          [t("language"), <SiteLang lang={item.lang} />],
          [t("received"), formatStaffTime(item.created_at, locale)],
          [t("reference"), <span className="font-mono">{item.reference}</span>],
        ];

  return (
    <AdminPage
      title={kind === "message" ? t("messageTitle", { ref: item.reference }) : t("applicationTitle", { ref: item.reference })}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone={item.status === "new" ? "amber" : "green"}>{t(`statuses.${item.status}`)}</Badge>
          {item.handled_at ? <span>{t("handledAt", { when: formatStaffTime(item.handled_at, locale) })}</span> : null}
        </span>
      }
      actions={
        <InboxStatusForm kind={kind as InboxKind} id={item.id} status={item.status}>
          <Button type="submit" tone={item.status === "new" ? "primary" : "secondary"} disabled={pending}>
            {item.status === "new" ? t("markHandled") : t("markNew")}
          </Button>
        </InboxStatusForm>
      }
    >
      <p className="-mt-3 mb-4 text-sm">
        <Link to={back} className="text-blue-800 underline">
          ← {t("back")}
        </Link>
      </p>
      {error ? (
        <div className="mb-4">
          <Notice>{error}</Notice>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Panel title={t("message")}>
            <p
              className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900"
              lang={isLangKey(item.lang) ? getLanguage(item.lang).tag : undefined}
            >
              {item.message}
            </p>
          </Panel>
          <Panel title={t("details")}>
            <Facts rows={details} />
          </Panel>
        </div>
        <Panel title={t("delivery")} className="self-start">
          <DeliveryDetails delivery={item.delivery} />
        </Panel>
      </div>
    </AdminPage>
  );
}

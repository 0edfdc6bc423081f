import { useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { API_ERRORS } from "@contracts/api-errors";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { AdminPage, Badge, Button, ConfirmStrip, EmptyState, Notice, Pager, SelectField } from "../ui";
import { useStaffSubmit } from "../staff-form";
import { AuditChanges } from "./AuditChanges";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/audit";

type AuditData = PageData<typeof loader>;
export type AuditEntryView = AuditData["list"][number];

/** Where an entry's record can be opened in the staff area, when it has a page of its own. */
function entityLink(entity: string, id: string): string | null {
  if (!id) return null;
  const links: Record<string, string> = {
    staff: "/admin/staff",
    booking: `/admin/bookings/${encodeURIComponent(id)}`,
    "visitor-message": `/admin/inbox/message/${encodeURIComponent(id)}`,
    "partner-application": `/admin/inbox/application/${encodeURIComponent(id)}`,
    content: `/admin/content/edit?path=${encodeURIComponent(id)}`,
  };
  return links[entity] ?? null;
}

const ACTION_TONES: Record<string, "blue" | "green" | "amber" | "red" | "neutral"> = {
  "sign-in": "neutral",
  "sign-out": "neutral",
  invite: "green",
  create: "green",
  publish: "green",
  update: "blue",
  delete: "red",
  cancel: "red",
  hide: "amber",
  remove: "red",
  "discard-draft": "amber",
  solve: "green",
  "mark-handled": "green",
  "totp-disable": "amber",
  "sign-out-everywhere": "amber",
  restore: "green",
};

export function AuditPage({ list, total, page, pageSize, filters, facets }: AuditData) {
  const { t, maybe } = useAdminWords("audit", "page");
  const locale = useStaffLocale();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // Only the filters that are set go in the address (the form works without scripts too).
  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value) params.set(key, value);
    void navigate(`/admin/audit${params.size ? `?${params}` : ""}`);
  };
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/audit";
  const filtered = Boolean(filters.entity || filters.staff);
  // A filter value the log no longer has (typed into the address) stays selectable, so the form shows what is applied.
  const entities = filters.entity && !facets.entities.includes(filters.entity) ? [...facets.entities, filters.entity] : facets.entities;
  const staffEmails = filters.staff && !facets.staff.includes(filters.staff) ? [...facets.staff, filters.staff] : facets.staff;

  return (
    <AdminPage title={t("title")} description={t("description")}>
      <Form method="get" onSubmit={applyFilters} className="mb-4 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("filters")}>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <SelectField label={t("entity")} name="entity" defaultValue={filters.entity} key={`e-${filters.entity}`}>
            <option value="">{t("all")}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {maybe(`entities.${e}`) ?? e}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("staff")} name="staff" defaultValue={filters.staff} key={`s-${filters.staff}`}>
            <option value="">{t("all")}</option>
            {staffEmails.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" tone="primary">
              {t("apply")}
            </Button>
            {filtered ? (
              <Link to="/admin/audit" className="inline-flex items-center rounded-md px-3 py-2 text-sm text-blue-800 underline">
                {t("clear")}
              </Link>
            ) : null}
          </div>
        </div>
      </Form>

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {loading ? t("loading") : t("total", { count: total, total: total.toLocaleString(locale.lang === "zh" ? "zh-CN" : "en") })}
      </p>

      {list.length === 0 ? (
        <EmptyState title={filtered ? t("emptyFiltered") : t("empty")}>
          {filtered ? (
            <Link to="/admin/audit" className="text-blue-800 underline">
              {t("clear")}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ol aria-label={t("list")} aria-busy={loading} className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
          {list.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <Badge tone={ACTION_TONES[entry.action] ?? "blue"}>{maybe(`actions.${entry.action}`) ?? entry.action}</Badge>
                  <EntityName entity={entry.entity} id={entry.entity_id} label={maybe(`entities.${entry.entity}`) ?? entry.entity} />
                  {entry.subject ? <span className="text-sm break-all text-slate-600">{entry.subject}</span> : null}
                </div>
                <time dateTime={entry.at} className="text-xs whitespace-nowrap text-slate-600" suppressHydrationWarning>
                  {formatStaffTime(entry.at, locale, { dateStyle: "medium", timeStyle: "medium" })}
                </time>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {t("by")} <span className="break-all text-slate-800">{entry.staff_email}</span>
              </p>
              <AuditChanges before={entry.before} after={entry.after} />
              {entry.restorable ? <UndoEntry entry={entry} /> : null}
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={pageSize} total={total} />
    </AdminPage>
  );
}

function EntityName({ entity, id, label }: { entity: string; id: string; label: string }) {
  const to = entityLink(entity, id);
  const text = (
    <>
      {label}
      {id ? <span className="text-slate-600"> #{id}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="text-sm font-medium break-all text-blue-800 underline-offset-2 hover:underline">
      {text}
    </Link>
  ) : (
    <span className="text-sm font-medium break-all text-slate-900">{text}</span>
  );
}

/**
 * Undoes a change the log kept the whole record of (a weekly schedule save, a comment's
 * deletion), after a confirmation. The server refuses it when the record has changed since.
 */
/** The undo button's form, posted to the audit page's action (the /api/admin/audit/restore endpoint's declaration). */
export const AUDIT_RESTORE = "audit-restore";

function UndoEntry({ entry }: { entry: AuditEntryView }) {
  const { t, maybe } = useAdminWords("audit", "page");
  const action = useStaffSubmit();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const undo = async () => {
    setOutcome(null);
    const r = await action.submit(AUDIT_RESTORE, { id: entry.id });
    setConfirming(false);
    if (r.ok) setOutcome({ tone: "success", text: t("restored") });
    else if (r.code === API_ERRORS.editConflict.code) setOutcome({ tone: "error", text: t("conflict") });
    else if (r.code === API_ERRORS.alreadyExists.code) setOutcome({ tone: "error", text: t("alreadyBack") });
    else setOutcome({ tone: "error", text: r.detail ?? r.message });
  };

  return (
    <div className="mt-3">
      {confirming ? (
        <ConfirmStrip
          label={t("restore")}
          question={maybe(`confirmRestore.${entry.entity}`) ?? t("restore")}
          confirm={t("confirm")}
          cancel={t("cancel")}
          tone="warning"
          pending={action.busy}
          onConfirm={() => void undo()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button small disabled={action.busy} onClick={() => setConfirming(true)}>
          {t("restore")}
        </Button>
      )}
      {outcome ? (
        <div className="mt-2">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
    </div>
  );
}

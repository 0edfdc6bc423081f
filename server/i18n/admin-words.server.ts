import { adminLangOf, type AdminLang } from "~/components/admin/admin-lang";
import type { AdminNamespace, AdminWords } from "~/components/admin/admin-words";
import type { MessageTree } from "~/i18n/namespaces";
import enAccount from "~/admin-locales/en/account.json";
import enAudit from "~/admin-locales/en/audit.json";
import enBookings from "~/admin-locales/en/bookings.json";
import enComments from "~/admin-locales/en/comments.json";
import enContent from "~/admin-locales/en/content.json";
import enCoverage from "~/admin-locales/en/coverage.json";
import enDashboard from "~/admin-locales/en/dashboard.json";
import enFeedback from "~/admin-locales/en/feedback.json";
import enInbox from "~/admin-locales/en/inbox.json";
import enShell from "~/admin-locales/en/shell.json";
import enStaff from "~/admin-locales/en/staff.json";
import enUsage from "~/admin-locales/en/usage.json";
import zhAccount from "~/admin-locales/zh/account.json";
import zhAudit from "~/admin-locales/zh/audit.json";
import zhBookings from "~/admin-locales/zh/bookings.json";
import zhComments from "~/admin-locales/zh/comments.json";
import zhContent from "~/admin-locales/zh/content.json";
import zhCoverage from "~/admin-locales/zh/coverage.json";
import zhDashboard from "~/admin-locales/zh/dashboard.json";
import zhFeedback from "~/admin-locales/zh/feedback.json";
import zhInbox from "~/admin-locales/zh/inbox.json";
import zhShell from "~/admin-locales/zh/shell.json";
import zhStaff from "~/admin-locales/zh/staff.json";
import zhUsage from "~/admin-locales/zh/usage.json";

/** Every staff word, both languages; bundled into the server, never into the browser's code. */
export const ADMIN_LOCALES: Record<AdminLang, Record<AdminNamespace, MessageTree>> = {
  en: {
    account: enAccount,
    audit: enAudit,
    bookings: enBookings,
    comments: enComments,
    content: enContent,
    coverage: enCoverage,
    dashboard: enDashboard,
    feedback: enFeedback,
    inbox: enInbox,
    shell: enShell,
    staff: enStaff,
    usage: enUsage,
  },
  zh: {
    account: zhAccount,
    audit: zhAudit,
    bookings: zhBookings,
    comments: zhComments,
    content: zhContent,
    coverage: zhCoverage,
    dashboard: zhDashboard,
    feedback: zhFeedback,
    inbox: zhInbox,
    shell: zhShell,
    staff: zhStaff,
    usage: zhUsage,
  },
};

/**
 * The namespaces a staff page uses, in the staff member's language (the `admin_lang` cookie): a
 * loader returns them as `adminWords`, so a page is sent its own words in one language only, as
 * the site's pages are sent theirs (docs/decisions/0025). The root sends "shell" with every staff page.
 */
export function adminWordsFor(request: Request, namespaces: readonly AdminNamespace[]): AdminWords {
  const lang = adminLangOf(request.headers.get("cookie"));
  return Object.fromEntries(namespaces.map((ns) => [ns, ADMIN_LOCALES[lang][ns]]));
}

import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { SectionPage } from "../SectionPage";
import { LeaveMessageForm } from "./LeaveMessageForm";

/**
 * The contact page: the chat's message form as a page of its own, which the chat button leads to
 * before and without scripts (with them it opens the same form in a dialog). It posts to itself.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <SectionPage title={t("pages.contact.title")} intro={t("pages.contact.intro")}>
      <section aria-labelledby="leave-message-title" className="mt-10 max-w-xl rounded-2xl border border-slate-200 p-5 sm:p-6" data-testid="contact-form">
        <LeaveMessageForm
          action={pathname}
          page={pathname}
          title={(text) => (
            <h2 id="leave-message-title" className="text-xl font-bold">
              {text}
            </h2>
          )}
        />
      </section>
    </SectionPage>
  );
}

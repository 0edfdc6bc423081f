import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { postJson } from "~/lib/api-client";
import { INTENT_FIELD, useFormAction } from "~/lib/form-outcome";
import { HelpContactLinks } from "./HelpCentrePage";

type Vote = "solved" | "unsolved";
type VoteAnswer = { solved_count: number; unsolved_count: number; vote: Vote };

const VOTE = "help-vote";
const MISSING = "help-missing";

/**
 * "Did this solve your problem?" One vote per visitor (the server keys it on a first-party
 * cookie, set by the first vote's refusal); answering again changes it. "No" asks what was
 * missing and offers direct help. Both are forms posted to the page's action, so they work
 * before and without scripts (docs/decisions/0034).
 */
export function HelpFeedback({ articleId, initial }: { articleId: number; initial: { solved: number; unsolved: number } }) {
  const { t } = useTranslation("help");
  const lang = useLang();
  const vote = useFormAction<VoteAnswer>(VOTE);
  const missing = useFormAction<VoteAnswer>(MISSING);
  const [seen, setSeen] = useState<{ counts: { solved: number; unsolved: number }; vote: Vote | null; voter: boolean } | null>(null);

  useEffect(() => {
    // The page is the same for everyone (it is cached): the visitor's own vote, and counts newer
    // than the page, come from here; the call also counts the view.
    let current = true;
    void postJson<{ solved_count: number; unsolved_count: number; vote: Vote | null; voter: boolean }>("/api/help/article/view", { lang, id: articleId }).then(
      (result) => {
        if (!current || !result.ok) return;
        setSeen({ counts: { solved: result.data.solved_count, unsolved: result.data.unsolved_count }, vote: result.data.vote, voter: result.data.voter });
      },
    );
    return () => {
      current = false;
    };
  }, [articleId, lang]);

  const answered = [missing.outcome, vote.outcome].find((o) => o?.ok);
  const latest = answered?.ok ? answered.data : null;
  const counts = latest ? { solved: latest.solved_count, unsolved: latest.unsolved_count } : (seen?.counts ?? initial);
  const current: Vote | null = latest?.vote ?? seen?.vote ?? null;
  const pending = vote.fetcher.formData?.get("solved");
  const shown: Vote | null = pending === "true" ? "solved" : pending === "false" ? "unsolved" : current;
  const refusal = [vote.outcome, missing.outcome].find((o) => o?.ok === false);
  const sent = missing.outcome?.ok === true;

  // A vote needs the visitor cookie, set only once the visitor acts. With scripts, the page asks
  // for it just before the first vote; without them, the first vote is refused with the cookie
  // (10400, "allow cookies and try again") and the next one counts.
  function askForCookieFirst(event: FormEvent<HTMLFormElement>) {
    if (seen?.voter) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    void postJson("/api/help/voter", { lang }).then(() => {
      setSeen((known) => known && { ...known, voter: true });
      void vote.fetcher.submit(form, { method: "post", preventScrollReset: true });
    });
  }

  const button = (value: Vote) =>
    `rounded-lg border px-5 py-2.5 font-semibold disabled:opacity-60 ${
      shown === value ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:border-indigo-400"
    }`;

  return (
    <section aria-labelledby="help-feedback" className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6" data-testid="help-feedback">
      <h2 id="help-feedback" className="text-lg font-bold">
        {t("feedback.question")}
      </h2>
      <vote.fetcher.Form method="post" className="mt-4 flex flex-wrap gap-3" preventScrollReset onSubmit={askForCookieFirst}>
        <input type="hidden" name={INTENT_FIELD} value={VOTE} />
        <button type="submit" name="solved" value="true" className={button("solved")} aria-pressed={shown === "solved"} disabled={vote.busy}>
          {t("feedback.solved")}
        </button>
        <button type="submit" name="solved" value="false" className={button("unsolved")} aria-pressed={shown === "unsolved"} disabled={vote.busy}>
          {t("feedback.unsolved")}
        </button>
      </vote.fetcher.Form>
      <p className="mt-3 text-sm text-slate-500" data-testid="help-feedback-counts">
        {t("feedback.solvedCount", { count: counts.solved })} · {t("feedback.unsolvedCount", { count: counts.unsolved })}
      </p>
      <div aria-live="polite">
        {refusal?.ok === false ? (
          <p role="alert" className="mt-4 font-medium text-red-700" data-testid="help-feedback-error">
            {refusal.message}
          </p>
        ) : null}
        {shown === "solved" && current === "solved" ? <p className="mt-4 font-medium text-emerald-700">{t("feedback.thanks")}</p> : null}
        {current === "unsolved" ? (
          <div className="mt-5 space-y-4" data-testid="help-feedback-unsolved">
            {sent ? (
              <p className="font-medium text-emerald-700">{t("feedback.sent")}</p>
            ) : (
              <missing.fetcher.Form method="post" className="space-y-2" preventScrollReset>
                <input type="hidden" name={INTENT_FIELD} value={MISSING} />
                <input type="hidden" name="solved" value="false" />
                <label htmlFor="help-missing" className="block font-medium">
                  {t("feedback.missingLabel")}
                </label>
                <textarea
                  id="help-missing"
                  name="feedback"
                  defaultValue={missing.outcome?.ok === false ? missing.outcome.values.feedback : ""}
                  maxLength={1000}
                  rows={3}
                  aria-invalid={missing.outcome?.ok === false && missing.outcome.fieldErrors.feedback ? true : undefined}
                  placeholder={t("feedback.missingPlaceholder")}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
                />
                <button
                  type="submit"
                  disabled={missing.busy}
                  className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
                >
                  {missing.busy ? t("feedback.sending") : t("feedback.send")}
                </button>
              </missing.fetcher.Form>
            )}
            <div>
              <p className="text-slate-700">{t("feedback.getHelp")}</p>
              <div className="mt-3">
                <HelpContactLinks />
              </div>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

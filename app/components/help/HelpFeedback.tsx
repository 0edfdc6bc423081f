import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { postJson } from "~/lib/api-client";
import { API_ERRORS } from "~/lib/api-errors";
import { HelpContactLinks } from "./HelpCentrePage";
import { useToast } from "../shell/Toaster";
import { useHydrated } from "~/lib/use-hydrated";

type Vote = "solved" | "unsolved";

/**
 * "Did this solve your problem?" One vote per visitor (the server keys it on a first-party
 * cookie, set by the first vote's refusal); answering again changes it. "No" asks what was missing and offers direct help.
 */
export function HelpFeedback({ articleId, initial }: { articleId: number; initial: { solved: number; unsolved: number } }) {
  const { t } = useTranslation("help");
  const { t: te } = useTranslation("errors");
  const lang = useLang();
  const toast = useToast();
  const [counts, setCounts] = useState({ solved: initial.solved, unsolved: initial.unsolved });
  const [vote, setVote] = useState<Vote | null>(null);
  // Whether this browser already has the visitor cookie a vote needs (the view call says so).
  const [voter, setVoter] = useState(false);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState("");
  const [sent, setSent] = useState(false);
  // The page's scripts load after its first paint (docs/decisions/0026): until then a vote
  // could not be sent, so the buttons say so rather than take a press and do nothing.
  const hydrated = useHydrated();

  useEffect(() => {
    // The page is the same for everyone (it is cached): the visitor's own vote, and counts newer
    // than the page, come from here; the call also counts the view.
    let current = true;
    void postJson<{ solved_count: number; unsolved_count: number; vote: Vote | null; voter: boolean }>("/api/help/article/view", { lang, id: articleId }).then((result) => {
      if (!current || !result.ok) return;
      setCounts({ solved: result.data.solved_count, unsolved: result.data.unsolved_count });
      setVote(result.data.vote);
      setVoter(result.data.voter);
    });
    return () => {
      current = false;
    };
  }, [articleId, lang]);

  async function send(next: Vote, text = "") {
    setBusy(true);
    const post = () =>
      postJson<{ solved_count: number; unsolved_count: number; vote: Vote }>("/api/help/article/solve", {
        lang,
        id: articleId,
        solved: next === "solved",
        feedback: text,
      }, te("internal"));
    // A vote needs the visitor cookie, set only now that the visitor acts. A browser that blocks
    // cookies is refused (10400) and shows why; one whose cookie was just lost takes the one the
    // refusal sets and sends the vote again.
    if (!voter) await postJson("/api/help/voter", { lang });
    let result = await post();
    if (!result.ok && result.code === API_ERRORS.cookiesRequired.code) result = await post();
    if (result.ok) setVoter(true);
    setBusy(false);
    if (!result.ok) {
      toast(result.message, { type: "error" });
      return false;
    }
    setCounts({ solved: result.data.solved_count, unsolved: result.data.unsolved_count });
    setVote(result.data.vote);
    return true;
  }

  const button = (value: Vote) =>
    `rounded-lg border px-5 py-2.5 font-semibold disabled:opacity-60 ${
      vote === value ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white hover:border-indigo-400"
    }`;

  return (
    <section aria-labelledby="help-feedback" className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6" data-testid="help-feedback">
      <h2 id="help-feedback" className="text-lg font-bold">
        {t("feedback.question")}
      </h2>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={button("solved")} aria-pressed={vote === "solved"} disabled={busy || !hydrated} onClick={() => void send("solved").then(() => setSent(false))}>
          {t("feedback.solved")}
        </button>
        <button type="button" className={button("unsolved")} aria-pressed={vote === "unsolved"} disabled={busy || !hydrated} onClick={() => void send("unsolved").then(() => setSent(false))}>
          {t("feedback.unsolved")}
        </button>
      </div>
      <p className="mt-3 text-sm text-slate-500" data-testid="help-feedback-counts">
        {t("feedback.solvedCount", { count: counts.solved })} · {t("feedback.unsolvedCount", { count: counts.unsolved })}
      </p>
      <div aria-live="polite">
        {vote === "solved" ? <p className="mt-4 font-medium text-emerald-700">{t("feedback.thanks")}</p> : null}
        {vote === "unsolved" ? (
          <div className="mt-5 space-y-4" data-testid="help-feedback-unsolved">
            {sent ? (
              <p className="font-medium text-emerald-700">{t("feedback.sent")}</p>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void send("unsolved", feedback.trim()).then((ok) => ok && setSent(true));
                }}
                className="space-y-2"
              >
                <label htmlFor="help-missing" className="block font-medium">
                  {t("feedback.missingLabel")}
                </label>
                <textarea
                  id="help-missing"
                  value={feedback}
                  maxLength={1000}
                  rows={3}
                  onChange={(e) => setFeedback(e.target.value)}
                  placeholder={t("feedback.missingPlaceholder")}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
                />
                <button type="submit" disabled={busy} className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-60">
                  {busy ? t("feedback.sending") : t("feedback.send")}
                </button>
              </form>
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

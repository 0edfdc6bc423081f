/**
 * The referral programme (api.md "GET home/referral-config"): its figures (content/referral.yaml)
 * and words per language. Prices are not kept here: the calculator prices each subscription
 * through the price catalogue (pricing.server.ts), the same one the pricing page uses.
 */
import type { LangKey } from "~/i18n/languages";
import { DEFAULT_LANG } from "~/i18n/languages";
import type { Executor } from "../db/client.server";
import type { PlanKey } from "../db/schema";
import { pageText } from "./page-texts.server";

export interface ReferralExample {
  plan: PlanKey;
  profiles: number;
  billing: "monthly" | "yearly";
}

export interface ReferralConfig {
  commission_percent: number;
  cookie_days: number;
  payout_methods: { key: string; name: string; text: string }[];
  examples: ReferralExample[];
}

export interface ReferralTexts {
  intro: string;
  steps: { title: string; text: string }[];
  payout_methods: Record<string, { name: string; text: string }>;
  terms: string[];
  faq: { question: string; answer: string }[];
}

interface StoredConfig {
  commission_percent: number;
  cookie_days: number;
  payout_methods: { key: string; langs?: LangKey[] }[];
  examples: ReferralExample[];
}

/** The programme's figures with the payout methods offered in the language, named in it. */
export async function referralConfig(db: Executor, lang: LangKey): Promise<{ config: ReferralConfig; texts: ReferralTexts | null } | null> {
  const [stored, texts] = await Promise.all([pageText<StoredConfig>(db, "referral-config", DEFAULT_LANG), pageText<ReferralTexts>(db, "referral", lang)]);
  if (!stored) return null;
  const payout_methods = stored.payout_methods
    .filter((m) => !m.langs || m.langs.includes(lang))
    .map((m) => ({ key: m.key, name: texts?.payout_methods[m.key]?.name ?? m.key, text: texts?.payout_methods[m.key]?.text ?? "" }));
  return {
    config: { commission_percent: stored.commission_percent, cookie_days: stored.cookie_days, payout_methods, examples: stored.examples },
    texts,
  };
}

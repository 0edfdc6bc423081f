import { z } from "zod";
import { PLAN_KEYS } from "../../db/schema";
import { referralConfig } from "../../services/referral.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

export const referralConfigEndpoint = defineEndpoint({
  methods: ["get"],
  path: "/home/referral-config",
  summary:
    "The referral programme: commission (percent of each subscription payment), referral window in days, the payout methods offered in the language, and the calculator's example subscriptions. Prices are not repeated here: price each example with POST /payment/official-site/price",
  tag: "referral",
  input: z.object({ lang: LangParam }),
  output: z.object({
    commission_percent: z.number().int(),
    cookie_days: z.number().int(),
    payout_methods: z.array(z.object({ key: z.string(), name: z.string(), text: z.string() })),
    examples: z.array(z.object({ plan: z.enum(PLAN_KEYS), profiles: z.number().int(), billing: z.enum(["monthly", "yearly"]) })),
  }),
  errors: ["notFound"],
  async handler({ lang }, { db }) {
    const found = await referralConfig(db, lang);
    if (!found) throw new ApiError("notFound");
    return found.config;
  },
});

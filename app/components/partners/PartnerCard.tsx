import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "../LocalizedLink";
import type { PartnerSummary } from "@contracts/partners";

export function PartnerLogo({ partner, size }: { partner: Pick<PartnerSummary, "name" | "logo">; size: number }) {
  const { t } = useTranslation("growth");
  return (
    <img
      src={partner.logo}
      alt={t("partners.logoAlt", { name: partner.name })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-xl"
      style={{ width: size, height: size }}
    />
  );
}

export function PartnerCard({ partner }: { partner: PartnerSummary }) {
  return (
    <article
      className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 transition hover:border-indigo-300 hover:shadow-sm"
      data-testid="partner-card"
    >
      <div className="flex items-start gap-4">
        <PartnerLogo partner={partner} size={48} />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold leading-snug">
            {/* The whole card is the link's target area; the name is its accessible text. */}
            <LocalizedLink
              to={`/partner/${partner.id}`}
              className="after:absolute after:inset-0 after:rounded-xl hover:text-indigo-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-indigo-500"
            >
              {partner.name}
            </LocalizedLink>
          </h2>
          <p className="mt-0.5 text-sm font-medium text-indigo-700">{partner.type.name}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-sm text-slate-600">{partner.summary}</p>
      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={partner.regions.map((r) => r.name).join(", ")}>
        {partner.regions.map((r) => (
          <li key={r.slug} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
            {r.name}
          </li>
        ))}
      </ul>
    </article>
  );
}

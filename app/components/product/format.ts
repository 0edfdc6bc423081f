import { getLanguage, type LangKey } from "~/i18n/languages";

/** A US-dollar amount in the page's language (whole dollars when there are no cents). */
export function formatPrice(amount: number, lang: LangKey): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(getLanguage(lang).tag, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatNumber(value: number, lang: LangKey): string {
  return new Intl.NumberFormat(getLanguage(lang).tag).format(value);
}

/** A file size in the language's units (KB, MB), one decimal. */
export function formatBytes(bytes: number, lang: LangKey): string {
  const tag = getLanguage(lang).tag;
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "megabyte"] : [bytes / 1024, "kilobyte"];
  return new Intl.NumberFormat(tag, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

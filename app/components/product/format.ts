import { getLanguage, type LangKey } from "~/i18n/languages";

const formatters = new Map<string, Intl.NumberFormat>();

/** Building a formatter costs far more than using one, and a pricing page formats a score of amounts. */
function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    formatters.set(key, format);
  }
  return format;
}

/** A US-dollar amount in the page's language (whole dollars when there are no cents). */
export function formatPrice(amount: number, lang: LangKey): string {
  const whole = Number.isInteger(amount);
  return numberFormat(getLanguage(lang).tag, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatNumber(value: number, lang: LangKey): string {
  return numberFormat(getLanguage(lang).tag).format(value);
}

/** A file size in the language's units (KB, MB), one decimal. */
export function formatBytes(bytes: number, lang: LangKey): string {
  const tag = getLanguage(lang).tag;
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "megabyte"] : [bytes / 1024, "kilobyte"];
  return numberFormat(tag, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

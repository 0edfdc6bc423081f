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

/**
 * Amounts the server already wrote into the page, as it wrote them, by language and value. Reused
 * while the page hydrates: a phone's first Intl.NumberFormat costs it 20-40 ms (ICU's data for
 * the locale and currency), one long task in the middle of hydration; with these it builds none
 * until a price changes. Filled in the browser only (rememberWrittenNumbers).
 */
const written = new Map<string, string>();

/**
 * Amounts, counts and file sizes a page shows on arrival, formatted on the server for its data.
 * A loader returns them as `writtenNumbers`; the root remembers those of every route it renders.
 */
export interface WrittenNumbers {
  prices: Record<string, string>;
  counts: Record<string, string>;
  bytes?: Record<string, string>;
}

export function writtenNumbers(
  lang: LangKey,
  { prices = [], counts = [], bytes = [] }: { prices?: number[]; counts?: number[]; bytes?: number[] },
): WrittenNumbers {
  return {
    prices: Object.fromEntries(prices.map((p) => [String(p), formatPrice(p, lang)])),
    counts: Object.fromEntries(counts.map((c) => [String(c), formatNumber(c, lang)])),
    ...(bytes.length ? { bytes: Object.fromEntries(bytes.map((b) => [String(b), formatBytes(b, lang)])) } : {}),
  };
}

export function rememberWrittenNumbers(lang: LangKey, numbers: WrittenNumbers | undefined): void {
  if (typeof document === "undefined" || !numbers) return;
  for (const [value, text] of Object.entries(numbers.prices)) written.set(`${lang} price ${value}`, text);
  for (const [value, text] of Object.entries(numbers.counts)) written.set(`${lang} count ${value}`, text);
  for (const [value, text] of Object.entries(numbers.bytes ?? {})) written.set(`${lang} bytes ${value}`, text);
}

/** The per-month figure a quote is shown with: a yearly total spread over its months. */
export function shownMonthly(quote: { months: number; total: number }): number {
  return quote.months === 12 ? Math.round((quote.total / 12) * 100) / 100 : quote.total;
}

/** A US-dollar amount in the page's language (whole dollars when there are no cents). */
export function formatPrice(amount: number, lang: LangKey): string {
  const known = written.get(`${lang} price ${amount}`);
  if (known !== undefined) return known;
  const whole = Number.isInteger(amount);
  return numberFormat(getLanguage(lang).tag, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatNumber(value: number, lang: LangKey): string {
  const known = written.get(`${lang} count ${value}`);
  if (known !== undefined) return known;
  return numberFormat(getLanguage(lang).tag).format(value);
}

/** A file size in the language's units (KB, MB), one decimal. */
export function formatBytes(bytes: number, lang: LangKey): string {
  const known = written.get(`${lang} bytes ${bytes}`);
  if (known !== undefined) return known;
  const tag = getLanguage(lang).tag;
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "megabyte"] : [bytes / 1024, "kilobyte"];
  return numberFormat(tag, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/** A count as shown: past the cap at which a search or a staff list stops counting, "1000+" (docs/decisions/0055, 0056). */
export const cappedCount = (count: number, capped: boolean | undefined): string => (capped ? `${count}+` : String(count));

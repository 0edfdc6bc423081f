/** The usage report's periods in the staff area (docs/decisions/0019): days, today included. No zod here: the page imports it. */
export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

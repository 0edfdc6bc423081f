import { usageReport } from "../server/services/usage.server";
import { withDatabase } from "./db-tasks";

// Prints what usage tracking has collected (docs/decisions/0019): `npm run usage:report -- [days]`.
const days = Math.min(366, Math.max(1, Number(process.argv[2] ?? 30) || 30));
await withDatabase(async ({ handle }) => {
  const report = await usageReport(handle.db, days);
  console.log(`Usage over the last ${days} days\n`);
  console.log("Views per day, page and language:");
  console.table(report.views);
  console.log("Most clicked elements:");
  console.table(report.clicks);
  console.log("Impressions:");
  console.table(report.impressions);
  console.log("Errors by type (100101 resource, 100102 script, 100103 unhandled rejection):");
  console.table(report.errors);
  console.log("Most frequent errors by message and page:");
  console.table(report.errorMessages);
  console.log(`Events dropped as invalid: ${report.dropped}`);
});

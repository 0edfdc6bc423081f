import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { spendAllowance } from "./abuse-limits.server";

export interface CspViolation {
  documentUri: string;
  directive: string;
  blockedUri: string;
  sample: string;
  report: Record<string, unknown>;
  userAgent: string;
}

/** Stores one violation report, within the "csp-report" abuse limits (AbuseLimitExceeded otherwise). */
export async function storeCspReport(db: Database, ip: string | undefined, violation: CspViolation): Promise<void> {
  await db.transaction(async (tx) => {
    await spendAllowance(tx, "csp-report", { ip });
    await tx.execute(sql`
      INSERT INTO csp_reports (document_uri, directive, blocked_uri, sample, report, user_agent)
      VALUES (${violation.documentUri}, ${violation.directive}, ${violation.blockedUri}, ${violation.sample},
              ${JSON.stringify(violation.report)}::jsonb, ${violation.userAgent})`);
  });
}

export async function recentCspReports(db: Database, limit = 50) {
  const { rows } = await db.execute<{ document_uri: string; directive: string; blocked_uri: string; created_at: string }>(sql`
    SELECT document_uri, directive, blocked_uri, created_at::text FROM csp_reports ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return rows;
}

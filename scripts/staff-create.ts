import { z } from "zod";
import { hostPlanOf, loadConfig } from "../server/config.server";
import { runMigrations } from "../server/db/client.server";
import { createStaff, StaffConflict } from "../server/services/staff.server";
import { STAFF_ROLES } from "@contracts/staff-access";
import { StaffEmail } from "@contracts/staff-credentials";
import { withDatabase } from "./db-tasks";

/**
 * npm run staff:create -- <email> [--role admin|editor|support] [--name "Full Name"]
 * Creates a staff account (an admin unless told otherwise) and prints its one-time link to set a
 * password (48 hours). There is no default password: the link is the only way in.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
const email = StaffEmail.safeParse(args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")));
const role = z.enum(STAFF_ROLES).safeParse(option("role") ?? "admin");
if (!email.success || !role.success) {
  console.error('usage: npm run staff:create -- <email> [--role admin|editor|support] [--name "Full Name"]');
  process.exit(2);
}
await withDatabase(async ({ handle, logger }) => {
  await runMigrations(handle, logger);
  try {
    const { token } = await createStaff(handle.db, { email: email.data, name: option("name") ?? "", role: role.data });
    const origin = hostPlanOf(loadConfig()).en;
    console.log(`Created ${role.data} ${email.data}. Set the password within 48 hours (the link works once):`);
    console.log(`${origin}/admin/set-password?token=${encodeURIComponent(token)}`);
  } catch (err) {
    if (!(err instanceof StaffConflict)) throw err;
    console.error(`${email.data} already has a staff account. An admin can send a new password link from /admin/staff.`);
    process.exitCode = 1;
  }
});

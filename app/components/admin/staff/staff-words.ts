import type { StaffRole } from "~/lib/staff-access";

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  disabled_at: string | null;
  has_password: boolean;
  totp_enabled: boolean;
  last_seen_at: string | null;
}

/** A one-time password link just made, shown once with a copy button. */
export interface IssuedLink {
  email: string;
  link: string;
  kind: "invite" | "reset";
}

/** The staff page's shapes: a member as the /admin/staff loader sends it, and a link the page has just made. */
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/staff";

export type StaffMember = PageData<typeof loader>["list"][number];

/** A one-time password link just made, shown once with a copy button. */
export interface IssuedLink {
  email: string;
  link: string;
  kind: "invite" | "reset";
}

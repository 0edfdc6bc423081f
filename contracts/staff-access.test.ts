import { describe, expect, it } from "vitest";
import { canUse, staffAreaPath, staffNextPath, STAFF_AREAS, STAFF_ROLES } from "./staff-access";

describe("canUse", () => {
  it("lets admins use every area and the others only theirs", () => {
    for (const area of Object.keys(STAFF_AREAS) as (keyof typeof STAFF_AREAS)[]) expect(canUse("admin", area)).toBe(true);
    expect(canUse("editor", "staff")).toBe(false);
    expect(canUse("support", "audit")).toBe(false);
    expect(canUse("editor", "content")).toBe(true);
    expect(canUse("support", "content")).toBe(false);
    expect(canUse("support", "bookings")).toBe(true);
    for (const role of STAFF_ROLES) expect(canUse(role, "account")).toBe(true);
  });
});

describe("staffAreaPath", () => {
  it("finds the staff area however its address is spelled", () => {
    expect(staffAreaPath("/admin")).toBe("/admin");
    expect(staffAreaPath("/admin/staff")).toBe("/admin/staff");
    expect(staffAreaPath("/admin.data")).toBe("/admin.data");
    expect(staffAreaPath("/ADMIN/Staff")).toBe("/admin/staff");
    expect(staffAreaPath("/%61dmin/staff")).toBe("/admin/staff");
    expect(staffAreaPath("//admin//staff")).toBe("/admin/staff");
    expect(staffAreaPath("/\\admin")).toBe("/admin");
  });

  it("leaves every other path alone", () => {
    for (const path of ["/", "/administrator", "/admins", "/zh/admin", "/blog/admin", "/admin-guide", "/%E0%A4%A"]) expect(staffAreaPath(path)).toBeNull();
  });
});

describe("staffNextPath", () => {
  it("keeps a staff page with its query", () => {
    expect(staffNextPath("/admin/audit?entity=staff&page=2")).toBe("/admin/audit?entity=staff&page=2");
    expect(staffNextPath("/admin")).toBe("/admin");
  });

  it("never leads anywhere else", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example/admin",
      "/admin/../../evil",
      "/administrator",
      "javascript:alert(1)",
      "/blog",
      "admin",
    ]) {
      expect(staffNextPath(next)).toBe("/admin");
    }
    expect(staffNextPath("/admin/../staff")).toBe("/admin");
    expect(staffNextPath("/admin/x/../staff")).toBe("/admin/staff");
  });
});

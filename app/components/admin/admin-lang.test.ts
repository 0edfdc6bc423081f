import { describe, expect, it } from "vitest";
import { adminZoneOf, formatStaffTime } from "./admin-lang";

describe("staff times", () => {
  it("are written in the zone and language they are given, not one kept between renders", () => {
    const at = "2026-03-01T23:30:00Z";
    expect(formatStaffTime(at, { lang: "en", zone: "Asia/Shanghai" })).toBe("2 Mar 2026, 07:30");
    expect(formatStaffTime(at, { lang: "en", zone: "UTC" })).toBe("1 Mar 2026, 23:30");
    expect(formatStaffTime(at, { lang: "zh", zone: "Asia/Shanghai" }, { dateStyle: "medium" })).toBe("2026年3月2日");
    expect(formatStaffTime(null, { lang: "en", zone: "UTC" })).toBe("—");
  });

  it("take the zone from the cookie only when it is a real one", () => {
    expect(adminZoneOf("admin_tz=Asia%2FShanghai")).toBe("Asia/Shanghai");
    expect(adminZoneOf("admin_tz=Mars%2FOlympus")).toBe("UTC");
    expect(adminZoneOf(null)).toBe("UTC");
  });
});

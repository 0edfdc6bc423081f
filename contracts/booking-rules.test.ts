import { describe, expect, it } from "vitest";
import { isMainlandMobile, normalizePhone } from "./booking-fields";
import { firstBookingProblem } from "./booking-rules";

const valid = {
  slot_id: "3",
  company: "Acme",
  account: "none",
  phone: "13800138000",
  chat_app: "no",
  content: "Need help",
  contact_from: "14:00",
  contact_to: "15:30",
};

describe("booking rules", () => {
  it("accept mainland China mobiles in the usual spellings only", () => {
    for (const ok of ["13800138000", "+86 138 0013 8000", "0086-159-1234-5678", "(+86) 199.1234.5678"]) expect(isMainlandMobile(ok), ok).toBe(true);
    for (const bad of ["12800138000", "1380013800", "+1 415 555 0100", "+852 9123 4567", "010-12345678", ""]) expect(isMainlandMobile(bad), bad).toBe(false);
    expect(normalizePhone("+86 138-0013-8000")).toBe("13800138000");
  });
  it("report the first problem in the form's order, as the server does", () => {
    expect(firstBookingProblem(valid)).toBeNull();
    expect(firstBookingProblem({ ...valid, slot_id: "" })).toEqual({ field: "slot_id", kind: "required" });
    expect(firstBookingProblem({ ...valid, account: "who?", phone: "" })).toEqual({ field: "account", kind: "invalid" });
    expect(firstBookingProblem({ ...valid, phone: "+1 415 555 0100" })).toEqual({ field: "phone", kind: "invalid" });
    expect(firstBookingProblem({ ...valid, contact_from: "13:30" })).toEqual({ field: "contact_from", kind: "invalid" });
    expect(firstBookingProblem({ ...valid, contact_from: "16:00", contact_to: "15:00" })).toEqual({ field: "contact_to", kind: "invalid" });
    expect(firstBookingProblem({ ...valid, contact_to: "18:00" })).toBeNull();
  });
});

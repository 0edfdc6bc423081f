import { describe, expect, it } from "vitest";
import { inboxActionFor, inboxIntent } from "./inbox-forms";

const posted = (id: string) => {
  const form = new FormData();
  form.set("id", id);
  return form;
};

describe("inboxActionFor", () => {
  it("names the kind of the record the form's intent and id agree on", () => {
    expect(inboxActionFor(inboxIntent("message", 12), posted("12"))).toBe("message");
    expect(inboxActionFor(inboxIntent("application", 3), posted("3"))).toBe("application");
  });
  it("refuses an intent of another record, another kind or another shape", () => {
    expect(inboxActionFor(inboxIntent("message", 12), posted("13"))).toBeNull();
    expect(inboxActionFor("inbox-booking-12", posted("12"))).toBeNull();
    expect(inboxActionFor("inbox-message-", posted(""))).toBeNull();
    expect(inboxActionFor("", posted("12"))).toBeNull();
  });
});

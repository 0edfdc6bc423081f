import { describe, expect, it } from "vitest";
import { changedLines } from "./ChangesFromLive";

describe("changedLines", () => {
  it("lists added and removed lines with two lines of context and counts them", () => {
    const live = ["a", "b", "c", "d", "e", "f", "g", "h"].join("\n") + "\n";
    const draft = ["a", "b", "c", "d", "E", "f", "g", "h", "i"].join("\n") + "\n";
    const { lines, added, removed } = changedLines(live, draft);
    expect({ added, removed }).toEqual({ added: 2, removed: 1 });
    expect(lines).toEqual([
      { kind: "skipped", count: 2 },
      { kind: "same", text: "c" },
      { kind: "same", text: "d" },
      { kind: "removed", text: "e" },
      { kind: "added", text: "E" },
      { kind: "same", text: "f" },
      { kind: "same", text: "g" },
      { kind: "same", text: "h" },
      { kind: "added", text: "i" },
    ]);
  });

  it("finds nothing to show for the same text", () => {
    expect(changedLines("x\ny\n", "x\ny\n")).toMatchObject({ added: 0, removed: 0 });
  });
});

import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { splitSections, UseCaseFrontMatter, UseCasesFile } from "./growth-import.server";

describe("use-case pages", () => {
  it("split at level-2 headings, each part rendered and sanitised, ids from the headings", () => {
    const sections = splitSections(
      "x.md",
      "## The problem\n\nToo many **accounts**.<script>alert(1)</script>\n\n## How it is solved\n\n1. One\n2. Two\n",
      "en",
    );
    expect(sections).toEqual([
      { id: "the-problem", title: "The problem", html: expect.stringContaining("<strong>accounts</strong>") },
      { id: "how-it-is-solved", title: "How it is solved", html: expect.stringContaining("<ol>") },
    ]);
    expect(sections[0]!.html).not.toContain("<script");
  });

  it("refuse text before the first heading, a single section and an empty one, naming the file", () => {
    expect(() => splitSections("a.md", "Intro\n\n## One\n\nx\n\n## Two\n\ny", "en")).toThrow(/a\.md: text before/);
    expect(() => splitSections("b.md", "## Only\n\nx", "en")).toThrow(/b\.md/);
    expect(() => splitSections("c.md", "## One\n\nx\n\n## Two\n", "en")).toThrow(/c\.md: section "Two" is empty/);
  });

  it("need a title, a summary and three to eight features", () => {
    const ok = { title: "T", summary: "S", updated_at: "2026-11-20", features: [1, 2, 3].map((i) => ({ title: `F${i}`, text: "t" })) };
    expect(UseCaseFrontMatter.safeParse(ok).success).toBe(true);
    expect(UseCaseFrontMatter.safeParse({ ...ok, features: ok.features.slice(0, 2) }).success).toBe(false);
    expect(UseCaseFrontMatter.safeParse({ ...ok, summary: "" }).success).toBe(false);
  });

  it("each name one of the drawings of the product or none (content/use-cases.yaml's `drawing`), and the file does", () => {
    const scenario = { slug: "e-commerce", tags: ["proxies"], drawing: "profiles" };
    const solution = { slug: "chat-apps", apps: ["LINE"], drawing: "chat" };
    expect(UseCasesFile.safeParse({ scenarios: [scenario], solutions: [solution] }).success).toBe(true);
    // A copy of the file from before drawings (staff edits are kept) still imports: the profile list.
    const { drawing: _none, ...withoutDrawing } = scenario;
    expect(UseCasesFile.parse({ scenarios: [withoutDrawing] }).scenarios[0]!.drawing).toBe("profiles");
    expect(UseCasesFile.safeParse({ scenarios: [{ ...scenario, drawing: "screenshot" }] }).success).toBe(false);
    expect(UseCasesFile.safeParse({ scenarios: [scenario], solutions: [{ ...solution, drawing: "" }] }).success).toBe(false);
    // A misspelt key is refused rather than read as "no drawing".
    expect(UseCasesFile.safeParse({ scenarios: [{ ...scenario, drawng: "team" }] }).success).toBe(false);
    const file = UseCasesFile.parse(parse(fs.readFileSync(path.resolve("content/use-cases.yaml"), "utf8")));
    expect(file.solutions.find((s) => s.slug === "chat-apps")?.drawing).toBe("chat");
  });
});

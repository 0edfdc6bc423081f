import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, decisionRecordProblems, parseDecisionRecord, readDecisionRecords, sentenceCount } from "./decision-records";

const record = (number: string, status: string, { summary = "What was decided.", body = "" } = {}) => ({
  file: `${number}-a-record.md`,
  text: `# ${number} — A record\n\nStatus: ${status}\n\nSummary: ${summary}\n\n## Decision\n${body}\n`,
});

describe("the decision records in docs/decisions", () => {
  it("each have a status, a date and a summary under the title, a number of their own, and links that hold", () => {
    const files = readDecisionRecords(DECISIONS_DIR);
    expect(files.length).toBeGreaterThan(30);
    expect(decisionRecordProblems(files)).toEqual([]);
  });
});

describe("decisionRecordProblems", () => {
  it("accepts a well-formed record, with relations both ways", () => {
    const older = record("0001", "accepted; amended by 0002 (its search) · Date: 2026-11-21");
    const newer = record("0002", "accepted; amends 0001 (search) · Date: 2026-11-27");
    expect(decisionRecordProblems([older, newer])).toEqual([]);
    const { record: parsed } = parseDecisionRecord(older.file, older.text);
    expect(parsed).toMatchObject({ number: "0001", title: "A record", state: "accepted", date: "2026-11-21", summary: "What was decided." });
    expect(parsed!.relations["amended by"]).toEqual(["0002"]);
  });

  it("finds a record without a status line, a date or a summary", () => {
    expect(decisionRecordProblems([{ file: "0001-a.md", text: "# 0001 — A\n\nSome text.\n" }])).toEqual([
      '0001-a.md: no "Status: … · Date: YYYY-MM-DD" line under the title',
      '0001-a.md: no "Summary: …" paragraph under the status line',
    ]);
    expect(decisionRecordProblems([{ file: "0001-a.md", text: "# 0001 — A\n\nStatus: accepted\n\nSummary: Decided.\n" }])).toEqual([
      '0001-a.md: no "Status: … · Date: YYYY-MM-DD" line under the title',
    ]);
    expect(decisionRecordProblems([record("0001", "accepted · Date: 2026-02-30")])).toEqual(["0001-a-record.md: 2026-02-30 is not a date"]);
    expect(decisionRecordProblems([record("0001", "done · Date: 2026-11-21")])).toEqual([
      '0001-a-record.md: the status "done" is not accepted, proposed, rejected or "superseded by NNNN"',
    ]);
  });

  it("finds a summary that is empty or too long", () => {
    expect(decisionRecordProblems([record("0001", "accepted · Date: 2026-11-21", { summary: "One. Two. Three. Four." })])).toEqual([
      "0001-a-record.md: the summary has 4 sentences (1 to 3)",
    ]);
    expect(decisionRecordProblems([record("0001", "accepted · Date: 2026-11-21", { summary: "no sentence" })])).toEqual([
      "0001-a-record.md: the summary has 0 sentences (1 to 3)",
    ]);
  });

  it("finds two records with one number, and a title that names another", () => {
    expect(
      decisionRecordProblems([record("0007", "accepted · Date: 2026-11-21"), { ...record("0007", "accepted · Date: 2026-11-22"), file: "0007-another.md" }]),
    ).toEqual(["0007-a-record.md and 0007-another.md share the number 0007"]);
    expect(decisionRecordProblems([{ ...record("0008", "accepted · Date: 2026-11-21"), file: "0009-a.md" }])).toEqual([
      "0009-a.md: the title's number 0008 is not the file's 0009",
    ]);
  });

  it("finds links between records that do not hold", () => {
    // Superseded by a record that does not exist, or that does not name it.
    expect(decisionRecordProblems([record("0001", "superseded by 0003 · Date: 2026-11-21")])).toEqual([
      '0001-a-record.md: "superseded by 0003": there is no record 0003',
    ]);
    expect(decisionRecordProblems([record("0001", "superseded by 0002 · Date: 2026-11-21"), record("0002", "accepted · Date: 2026-11-22")])).toEqual([
      "0002-a-record.md does not name 0001, which it supersedes",
    ]);
    // A later record that says it amends one whose status does not say so.
    expect(
      decisionRecordProblems([record("0001", "accepted · Date: 2026-11-21"), record("0002", "accepted; amends 0001 (search) · Date: 2026-11-22")]),
    ).toEqual(['0001-a-record.md: its status does not say "amended by 0002"']);
    // Amended by an earlier record.
    expect(
      decisionRecordProblems([record("0001", "accepted · Date: 2026-11-21", { body: "0002" }), record("0002", "accepted; amended by 0001 · Date: 2026-11-22")]),
    ).toEqual(['0002-a-record.md: "amended by 0001": 0001 is not later than 0002']);
  });

  it("counts sentences, not decimals or dotted names", () => {
    expect(sentenceCount("FCP went from 1.55 s to 1.07 s with `Intl.Segmenter`.")).toBe(1);
    expect(sentenceCount("One. Two! Three?")).toBe(3);
  });
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The decision records' header (docs/decisions/*.md), read and checked. Every record starts:
 *
 *     # NNNN — Title
 *
 *     Status: accepted · Date: 2026-11-23
 *
 *     Summary: what was decided, in one to three sentences (a speed record adds its measured
 *     result in a figure or two; the measurements stay below).
 *
 * The status is `accepted`, `proposed`, `rejected` or `superseded by NNNN`, then any relations to
 * other records, each `; <relation> NNNN (what), NNNN (what)` with the relation `amends`,
 * `amended by` or `supersedes`. The date is when the record was written
 * (`git log --diff-filter=A --follow --format=%as -- <file>`).
 *
 * `npx tsx scripts/decision-records.ts` prints the index and exits 1 on any problem.
 */

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  /** The whole status, as written: "accepted; amended by 0028 (compression)". */
  status: string;
  /** accepted, proposed, rejected or superseded. */
  state: string;
  date: string;
  summary: string;
  /** Other records by relation: { "amended by": ["0028"], amends: ["0010", "0014"] }. */
  relations: Record<Relation, string[]>;
}

const RELATIONS = ["superseded by", "supersedes", "amended by", "amends"] as const;
type Relation = (typeof RELATIONS)[number];

const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{4})(?: —|:) (\S.*)$/;
const STATUS_LINE = /^Status: (.+) · Date: (\d{4}-\d{2}-\d{2})$/;
const STATE = /^(accepted|proposed|rejected|superseded by (\d{4}))(?: \([^()]+\))?$/;
const RELATION = /^(amends|amended by|supersedes) (\d{4}(?: \([^()]+\))?(?:, \d{4}(?: \([^()]+\))?)*)$/;
const MAX_SUMMARY_WORDS = 100;

/** Sentences end at . ! or ? before a space or the end: "1.5 s" and "Intl.Segmenter" do not end one. */
export function sentenceCount(text: string): number {
  return text.match(/[.!?](?=\s|$)/g)?.length ?? 0;
}

/** One record's header, or the problems that keep it from being read. */
export function parseDecisionRecord(file: string, text: string): { record: DecisionRecord | null; problems: string[] } {
  const problems: string[] = [];
  const fileNumber = FILE_NAME.exec(file)?.[1];
  if (!fileNumber) problems.push(`${file}: the file name is not NNNN-words.md`);
  const lines = text.split("\n");
  const title = TITLE.exec(lines[0] ?? "");
  if (!title) problems.push(`${file}: the first line is not "# NNNN — Title"`);
  else if (fileNumber && title[1] !== fileNumber) problems.push(`${file}: the title's number ${title[1]} is not the file's ${fileNumber}`);

  // Right under the title: the status line, then the summary paragraph.
  let at = 1;
  while (at < lines.length && lines[at]!.trim() === "") at++;
  const statusLine = STATUS_LINE.exec(lines[at] ?? "");
  if (!statusLine) problems.push(`${file}: no "Status: … · Date: YYYY-MM-DD" line under the title`);
  if ((lines[at] ?? "").startsWith("Status:")) at++;
  while (at < lines.length && lines[at]!.trim() === "") at++;
  const paragraph: string[] = [];
  for (; at < lines.length && lines[at]!.trim() !== ""; at++) paragraph.push(lines[at]!.trim());
  const summaryText = paragraph.join(" ");
  const summary = summaryText.startsWith("Summary: ") ? summaryText.slice("Summary: ".length).trim() : null;
  if (summary === null) problems.push(`${file}: no "Summary: …" paragraph under the status line`);
  else {
    const sentences = sentenceCount(summary);
    if (sentences < 1 || sentences > 3) problems.push(`${file}: the summary has ${sentences} sentences (1 to 3)`);
    const words = summary.split(/\s+/).length;
    if (words > MAX_SUMMARY_WORDS) problems.push(`${file}: the summary has ${words} words (at most ${MAX_SUMMARY_WORDS})`);
  }

  const relations: Record<Relation, string[]> = { "superseded by": [], supersedes: [], "amended by": [], amends: [] };
  let state = "";
  if (statusLine) {
    const date = statusLine[2]!;
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
      problems.push(`${file}: ${date} is not a date`);
    }
    const [first, ...rest] = statusLine[1]!.split("; ");
    const base = STATE.exec(first!);
    if (!base) problems.push(`${file}: the status "${first}" is not accepted, proposed, rejected or "superseded by NNNN"`);
    else {
      state = base[1]!.startsWith("superseded") ? "superseded" : base[1]!;
      if (base[2]) relations["superseded by"].push(base[2]);
    }
    for (const part of rest) {
      const relation = RELATION.exec(part);
      if (!relation) {
        problems.push(`${file}: "${part}" is not "amends|amended by|supersedes NNNN (what), …"`);
        continue;
      }
      relations[relation[1] as Relation].push(...[...relation[2]!.matchAll(/\d{4}/g)].map((m) => m[0]));
    }
  }
  if (problems.length > 0 || !title || !statusLine || summary === null) return { record: null, problems };
  return {
    record: { file, number: title[1]!, title: title[2]!, status: statusLine[1]!, state, date: statusLine[2]!, summary, relations },
    problems,
  };
}

/**
 * Everything wrong with a set of records: each header, two records with one number, and links
 * between records that do not hold (a record "amended by" or "superseded by" another names a
 * later record that exists and names it back; "amends" and "supersedes" are answered by the
 * earlier record's status).
 */
export function decisionRecordProblems(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const problems: string[] = [];
  const records = new Map<string, DecisionRecord>();
  const texts = new Map<string, string>();
  const byNumber = new Map<string, string[]>();
  for (const { file, text } of files) {
    const number = FILE_NAME.exec(file)?.[1];
    if (number) byNumber.set(number, [...(byNumber.get(number) ?? []), file]);
    const parsed = parseDecisionRecord(file, text);
    problems.push(...parsed.problems);
    if (parsed.record) {
      records.set(parsed.record.number, parsed.record);
      texts.set(parsed.record.number, text);
    }
  }
  for (const [number, named] of byNumber) if (named.length > 1) problems.push(`${named.join(" and ")} share the number ${number}`);

  const names = (text: string, number: string) => new RegExp(`(?<!\\d)${number}(?!\\d)`).test(text);
  for (const record of records.values()) {
    for (const relation of RELATIONS) {
      for (const other of record.relations[relation]) {
        const target = records.get(other);
        if (!target) {
          problems.push(`${record.file}: "${relation} ${other}": there is no record ${other}`);
          continue;
        }
        const later = relation === "superseded by" || relation === "amended by";
        if (later ? other <= record.number : other >= record.number) {
          problems.push(`${record.file}: "${relation} ${other}": ${other} is ${later ? "not later" : "not earlier"} than ${record.number}`);
        }
        if (later && !names(texts.get(other)!, record.number))
          problems.push(`${target.file} does not name ${record.number}, which it ${relation === "amended by" ? "amends" : "supersedes"}`);
        if (relation === "amends" && !target.relations["amended by"].includes(record.number)) {
          problems.push(`${target.file}: its status does not say "amended by ${record.number}"`);
        }
        if (relation === "supersedes" && !target.relations["superseded by"].includes(record.number)) {
          problems.push(`${target.file}: its status does not say "superseded by ${record.number}"`);
        }
      }
    }
  }
  return problems;
}

export function readDecisionRecords(directory: string): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(directory)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(path.join(directory, file), "utf8") }));
}

export const DECISIONS_DIR = fileURLToPath(new URL("../docs/decisions/", import.meta.url));

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = readDecisionRecords(DECISIONS_DIR);
  for (const { file, text } of files) {
    const { record } = parseDecisionRecord(file, text);
    if (record) console.log(`${record.number}  ${record.date}  ${record.title}\n      ${record.status}`);
  }
  const problems = decisionRecordProblems(files);
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

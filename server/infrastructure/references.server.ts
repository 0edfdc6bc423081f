import { randomBytes } from "node:crypto";

/** Letters and digits that cannot be confused when read aloud or retyped (no I, O, 0, 1). */
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A short reference a visitor can quote to staff, e.g. PS-7KQ2M9XD; unique by its table's constraint. */
export function newReference(prefix: string): string {
  return `${prefix}-${[...randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("")}`;
}

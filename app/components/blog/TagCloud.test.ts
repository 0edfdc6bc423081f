import { describe, expect, it } from "vitest";
import { splitTags, TAGS_SHOWN } from "./TagCloud";

const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ slug: `tag-${i + 1}`, name: `Tag ${i + 1}` }));
const slugs = (list: { slug: string }[]) => list.map((t) => t.slug);

describe("splitTags", () => {
  it("shows every tag when folding would hide only a few", () => {
    for (const n of [0, 1, TAGS_SHOWN, TAGS_SHOWN + 3]) {
      const { shown, folded } = splitTags(tags(n));
      expect(slugs(shown)).toEqual(slugs(tags(n)));
      expect(folded).toEqual([]);
    }
  });

  it("shows the most used first and folds the rest, in order", () => {
    const all = tags(76);
    const { shown, folded } = splitTags(all);
    expect(slugs(shown)).toEqual(slugs(all.slice(0, TAGS_SHOWN)));
    expect(slugs(folded)).toEqual(slugs(all.slice(TAGS_SHOWN)));
  });

  it("always shows the page's own tag, taken out of the fold", () => {
    const all = tags(40);
    const { shown, folded } = splitTags(all, "tag-30");
    expect(slugs(shown)).toEqual([...slugs(all.slice(0, TAGS_SHOWN)), "tag-30"]);
    expect(slugs(folded)).not.toContain("tag-30");
    expect(folded).toHaveLength(40 - TAGS_SHOWN - 1);
    // A tag already among the first is not shown twice.
    expect(splitTags(all, "tag-2").shown).toHaveLength(TAGS_SHOWN);
  });
});

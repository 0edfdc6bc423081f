/**
 * Joins TrueType fonts cut from one design (the static slices of one Noto font) into one font, so
 * that a page's glyphs can be cut from a single source in one harfbuzz call (docs/decisions/0036).
 * harfbuzz subsets but cannot merge; the slices share units per em, vertical metrics and names, so
 * merging is only a matter of appending glyphs, their advances and their code points. The result
 * holds the tables a subsetter reads (head, hhea, maxp, OS/2, hmtx, cmap, loca, glyf, post, name);
 * layout tables (GSUB, GPOS) are left out: horizontal Chinese and Japanese use none by default.
 * It is an input for harfbuzz, never sent as it is: harfbuzz rewrites every table of a subset.
 */

interface Tables {
  [tag: string]: Buffer;
}

function readTables(font: Buffer): Tables {
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) throw new Error("not a TrueType font (glyf outlines)");
  const count = font.readUInt16BE(4);
  const tables: Tables = {};
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = font.toString("latin1", record, record + 4);
    const offset = font.readUInt32BE(record + 8);
    const length = font.readUInt32BE(record + 12);
    tables[tag] = font.subarray(offset, offset + length);
  }
  for (const tag of ["head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap"]) if (!tables[tag]) throw new Error(`font has no ${tag} table`);
  return tables;
}

/** Code point to glyph id, from the best Unicode subtable (format 12, else format 4). */
export function readCmap(cmap: Buffer): Map<number, number> {
  const count = cmap.readUInt16BE(2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < count; i++) {
    const record = 4 + i * 8;
    const platform = cmap.readUInt16BE(record);
    const offset = cmap.readUInt32BE(record + 4);
    if (platform !== 0 && platform !== 3) continue;
    const format = cmap.readUInt16BE(offset);
    if (format === 12) format12 = offset;
    else if (format === 4) format4 = offset;
  }
  const map = new Map<number, number>();
  if (format12 >= 0) {
    const groups = cmap.readUInt32BE(format12 + 12);
    for (let g = 0; g < groups; g++) {
      const at = format12 + 16 + g * 12;
      const start = cmap.readUInt32BE(at);
      const end = cmap.readUInt32BE(at + 4);
      const glyph = cmap.readUInt32BE(at + 8);
      for (let cp = start; cp <= end; cp++) map.set(cp, glyph + cp - start);
    }
    return map;
  }
  if (format4 < 0) throw new Error("font has no Unicode cmap (format 4 or 12)");
  const segments = cmap.readUInt16BE(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
      else {
        const raw = cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(cp, glyph);
    }
  }
  return map;
}

interface Source {
  tables: Tables;
  numGlyphs: number;
  glyph(id: number): Buffer;
  metrics(id: number): [advance: number, lsb: number];
}

function source(font: Buffer): Source {
  const tables = readTables(font);
  const numGlyphs = tables.maxp!.readUInt16BE(4);
  const longLoca = tables.head!.readInt16BE(50) === 1;
  const loca = tables.loca!;
  const at = (i: number) => (longLoca ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  const hMetrics = tables.hhea!.readUInt16BE(34);
  const hmtx = tables.hmtx!;
  return {
    tables,
    numGlyphs,
    glyph: (id) => tables.glyf!.subarray(at(id), at(id + 1)),
    metrics: (id) =>
      id < hMetrics
        ? [hmtx.readUInt16BE(id * 4), hmtx.readInt16BE(id * 4 + 2)]
        : [hmtx.readUInt16BE((hMetrics - 1) * 4), hmtx.readInt16BE(hMetrics * 4 + (id - hMetrics) * 2)],
  };
}

/** A composite glyph's component ids moved by `shift` (a simple glyph is returned as it is). */
function shiftComponents(glyph: Buffer, shift: number): Buffer {
  if (glyph.length === 0 || glyph.readInt16BE(0) >= 0 || shift === 0) return glyph;
  const out = Buffer.from(glyph);
  let at = 10;
  for (;;) {
    const flags = out.readUInt16BE(at);
    out.writeUInt16BE(out.readUInt16BE(at + 2) + shift, at + 2);
    at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
    if (!(flags & 0x0020)) return out;
  }
}

function cmapFormat12(map: Map<number, number>): Buffer {
  const points = [...map.keys()].sort((a, b) => a - b);
  const groups: [number, number, number][] = [];
  for (const cp of points) {
    const glyph = map.get(cp)!;
    const last = groups.at(-1);
    if (last && last[1] === cp - 1 && last[2] + (cp - last[0]) === glyph) last[1] = cp;
    else groups.push([cp, cp, glyph]);
  }
  const table = Buffer.alloc(4 + 8 + 16 + groups.length * 12);
  table.writeUInt16BE(0, 0);
  table.writeUInt16BE(1, 2);
  table.writeUInt16BE(3, 4);
  table.writeUInt16BE(10, 6);
  table.writeUInt32BE(12, 8);
  table.writeUInt16BE(12, 12);
  table.writeUInt32BE(16 + groups.length * 12, 16);
  table.writeUInt32BE(groups.length, 24);
  groups.forEach(([start, end, glyph], i) => {
    table.writeUInt32BE(start, 28 + i * 12);
    table.writeUInt32BE(end, 32 + i * 12);
    table.writeUInt32BE(glyph, 36 + i * 12);
  });
  return table;
}

function checksum(table: Buffer): number {
  let sum = 0;
  for (let i = 0; i < table.length; i += 4) {
    const word = (table[i]! << 24) | ((table[i + 1] ?? 0) << 16) | ((table[i + 2] ?? 0) << 8) | (table[i + 3] ?? 0);
    sum = (sum + word) >>> 0;
  }
  return sum;
}

function writeFont(tables: Tables): Buffer {
  const tags = Object.keys(tables).sort();
  const header = 12 + tags.length * 16;
  const padded = (n: number) => (n + 3) & ~3;
  let size = header;
  for (const tag of tags) size += padded(tables[tag]!.length);
  const font = Buffer.alloc(size);
  font.writeUInt32BE(0x00010000, 0);
  font.writeUInt16BE(tags.length, 4);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  font.writeUInt16BE(power * 16, 6);
  font.writeUInt16BE(Math.log2(power), 8);
  font.writeUInt16BE(tags.length * 16 - power * 16, 10);
  let offset = header;
  tags.forEach((tag, i) => {
    const table = tables[tag]!;
    const record = 12 + i * 16;
    font.write(tag, record, "latin1");
    font.writeUInt32BE(checksum(table), record + 4);
    font.writeUInt32BE(offset, record + 8);
    font.writeUInt32BE(table.length, record + 12);
    table.copy(font, offset);
    offset += padded(table.length);
  });
  return font;
}

/**
 * One TrueType font with every glyph of `fonts` (each from the same design): the first font's
 * .notdef, then each font's other glyphs; a code point mapped by several fonts keeps the first
 * font's glyph.
 */
export function mergeTrueType(fonts: readonly Buffer[]): Buffer {
  if (fonts.length === 0) throw new Error("nothing to merge");
  const sources = fonts.map(source);
  const first = sources[0]!.tables;
  const glyphs: Buffer[] = [sources[0]!.glyph(0)];
  const metrics: [number, number][] = [sources[0]!.metrics(0)];
  const cmap = new Map<number, number>();
  const maxp = Buffer.from(first.maxp!);
  const head = Buffer.from(first.head!);
  const hhea = Buffer.from(first.hhea!);
  let [xMin, yMin, xMax, yMax] = [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)];
  let advanceMax = 0;
  for (const font of sources) {
    // Glyph id g of this font becomes base + g - 1 (its .notdef is dropped).
    const base = glyphs.length;
    for (let id = 1; id < font.numGlyphs; id++) {
      glyphs.push(shiftComponents(font.glyph(id), base - 1));
      metrics.push(font.metrics(id));
    }
    for (const [cp, glyph] of readCmap(font.tables.cmap!)) if (glyph > 0 && !cmap.has(cp)) cmap.set(cp, base + glyph - 1);
    const fontHead = font.tables.head!;
    xMin = Math.min(xMin, fontHead.readInt16BE(36));
    yMin = Math.min(yMin, fontHead.readInt16BE(38));
    xMax = Math.max(xMax, fontHead.readInt16BE(40));
    yMax = Math.max(yMax, fontHead.readInt16BE(42));
    advanceMax = Math.max(advanceMax, font.tables.hhea!.readUInt16BE(10));
    // maxp 1.0's maxima (points, contours, component depth...): the largest of the sources.
    if (maxp.length >= 32)
      for (let at = 6; at < 32; at += 2)
        if (at !== 14 && at !== 16) maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(at), font.tables.maxp!.readUInt16BE(at)), at);
  }
  if (glyphs.length > 0xffff) throw new Error(`${glyphs.length} glyphs: more than a font can hold`);

  const glyf = Buffer.concat(glyphs.map((g) => (g.length % 4 ? Buffer.concat([g, Buffer.alloc(4 - (g.length % 4))]) : g)));
  const loca = Buffer.alloc((glyphs.length + 1) * 4);
  let offset = 0;
  glyphs.forEach((g, i) => {
    loca.writeUInt32BE(offset, i * 4);
    offset += (g.length + 3) & ~3;
  });
  loca.writeUInt32BE(offset, glyphs.length * 4);
  const hmtx = Buffer.alloc(metrics.length * 4);
  metrics.forEach(([advance, lsb], i) => {
    hmtx.writeUInt16BE(advance, i * 4);
    hmtx.writeInt16BE(lsb, i * 4 + 2);
  });
  head.writeUInt32BE(0, 8); // checkSumAdjustment: harfbuzz recomputes it in every subset
  head.writeInt16BE(xMin, 36);
  head.writeInt16BE(yMin, 38);
  head.writeInt16BE(xMax, 40);
  head.writeInt16BE(yMax, 42);
  head.writeInt16BE(1, 50);
  hhea.writeUInt16BE(advanceMax, 10);
  hhea.writeUInt16BE(metrics.length, 34);
  maxp.writeUInt16BE(glyphs.length, 4);
  const post = Buffer.alloc(32);
  (first.post ?? post).copy(post, 0, 0, 32);
  post.writeUInt32BE(0x00030000, 0);
  const tables: Tables = { head, hhea, maxp, hmtx, loca, glyf, post, cmap: cmapFormat12(cmap) };
  if (first["OS/2"]) tables["OS/2"] = first["OS/2"];
  if (first.name) tables.name = first.name;
  return writeFont(tables);
}

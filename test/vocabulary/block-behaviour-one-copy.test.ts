/**
 * One copy of vanilla's shape, collision and support rules: src/vocabulary/block-behaviour/. Outside it no
 * file of src/ may read minecraft-data's collision table or its `boundingBox` flag (the module reads both),
 * nor define a function under the name of one of the module's rules. A grep, so the patterns are tested
 * first on the copies that were removed from src/hints (they must catch them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const MODULE = 'vocabulary/block-behaviour/';

const RULE_NAMES = [
  'supportOf',
  'canSurvive',
  'canSupportCenter',
  'sturdyFace',
  'faceFull',
  'updateShape',
  'updateFromNeighbourShapes',
  'stairsShape',
  'wallState',
  'wireSides',
  'crossSides',
  'lowestTop',
  'isFullBlockShape',
  'collisionBoxes',
];

const COPIES: Array<{ what: string; pattern: RegExp }> = [
  { what: "minecraft-data's collision table", pattern: /blockCollisionShapes/ },
  { what: "minecraft-data's boundingBox flag", pattern: /boundingBox\s*[!=]==?\s*'(empty|block)'/ },
  {
    what: 'a function under the name of a block-behaviour rule',
    pattern: new RegExp(`\\b(function|const|let)\\s+(${RULE_NAMES.join('|')})\\b`),
  },
];

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

const copiesIn = (text: string): string[] => COPIES.filter((c) => c.pattern.test(text)).map((c) => c.what);

describe('one copy of the block-behaviour rules', () => {
  it('the patterns catch the copies that once stood in src/hints', () => {
    // excerpts of the removed hints/block-data.ts and hints/support.ts, as they read
    expect(
      copiesIn('const shapes = (load(version) ?? load(FALLBACK_VERSION)!).blockCollisionShapes;'),
    ).toEqual(["minecraft-data's collision table"]);
    expect(copiesIn("blocksOf(version).get(bareName(name))?.boundingBox === 'empty';")).toEqual([
      "minecraft-data's boundingBox flag",
    ]);
    expect(
      copiesIn('export const lowestTop = (name: string, version = FALLBACK_VERSION): number => {'),
    ).toEqual(['a function under the name of a block-behaviour rule']);
    expect(copiesIn('export const supportOf = (\n  b: BlockState,')).toEqual([
      'a function under the name of a block-behaviour rule',
    ]);
    // a re-export or a call is no copy
    expect(copiesIn('export { lowestTop };\nconst need = supportOf(b);')).toEqual([]);
  });

  it('no file of src/ outside the module holds one', () => {
    const files = filesOf(SRC).filter((f) => !relative(SRC, f).startsWith(MODULE));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) =>
      copiesIn(readFileSync(f, 'utf8')).map((what) => `${relative(SRC, f)}: ${what}`),
    );
    expect(found).toEqual([]);
  });
});

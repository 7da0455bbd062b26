/**
 * The sentences of an answer that judge.ts does not read, judged against the conversation's truth: what it
 * says of a door's halves, of what holds a block up (and which neighbour's change drops it, as vanilla's
 * classes say: `BaseTorchBlock.updateShape` drops a torch only when the block below changes), and of its
 * counts (a headline that read every write back beside a room "not all read back").
 */
import type { BatchResult } from '../../src/results/schema.js';
import { fullCube } from './blocks.js';
import type { Truth } from './conversation-script.js';
import type { Building } from './generator.js';
import { add, type Pos } from './grid.js';

interface False {
  kind: string;
  detail: string;
}

const pos = (m: RegExpMatchArray, i: number): Pos => ({
  x: Number(m[i]),
  y: Number(m[i + 1]),
  z: Number(m[i + 2]),
});
const BEHIND: Record<string, Pos> = {
  north: { x: 0, y: 0, z: 1 },
  south: { x: 0, y: 0, z: -1 },
  west: { x: 1, y: 0, z: 0 },
  east: { x: -1, y: 0, z: 0 },
};

/** Whether what stands at `p` is held, by its vanilla class's canSurvive (the few blocks the script uses). */
const held = (t: Truth, p: Pos): boolean | undefined => {
  const s = t.grid.get(p);
  const b = s.name.replace(/^minecraft:/, '');
  if (/^(soul_)?torch$/.test(b) || (/lantern$/.test(b) && s.properties['hanging'] !== 'true'))
    return fullCube(t.grid.get(add(p, 0, -1, 0)));
  if (/lantern$/.test(b)) return fullCube(t.grid.get(add(p, 0, 1, 0)));
  if (/wall_torch$|^ladder$/.test(b)) {
    const d = BEHIND[s.properties['facing'] ?? 'north']!;
    return fullCube(t.grid.get(add(p, d.x, d.y, d.z)));
  }
  return undefined;
};

/** `tally` counts the sentences judged, by what they are about: a judge that judged nothing proves nothing. */
const BOX_BY_COMMANDS =
  /\((-?\d+),(-?\d+),(-?\d+)\)–\((-?\d+),(-?\d+),(-?\d+)\) \(commands? ((?:#\d+(?:, | and )?)+)\)/g;

/** Whether a setblock, fill or clone names a corner inside `box` (or spans it). */
const namesInside = (command: string, box: { min: Pos; max: Pos }): boolean => {
  const n = command
    .split(/\s+/)
    .slice(1, 7)
    .filter((w) => /^-?\d+$/.test(w))
    .map(Number);
  if (n.length < 3) return true;
  const lo = {
    x: Math.min(n[0]!, n[3] ?? n[0]!),
    y: Math.min(n[1]!, n[4] ?? n[1]!),
    z: Math.min(n[2]!, n[5] ?? n[2]!),
  };
  const hi = {
    x: Math.max(n[0]!, n[3] ?? n[0]!),
    y: Math.max(n[1]!, n[4] ?? n[1]!),
    z: Math.max(n[2]!, n[5] ?? n[2]!),
  };
  return (
    lo.x <= box.max.x &&
    box.min.x <= hi.x &&
    lo.y <= box.max.y &&
    box.min.y <= hi.y &&
    lo.z <= box.max.z &&
    box.min.z <= hi.z
  );
};

export const falseSentences = (
  _b: Building,
  t: Truth,
  said: { batch: BatchResult; text: string },
  tally: (what: string) => void,
): False[] => {
  const out: False[] = [];
  const lines = said.text.split('\n');
  const headline = /^(\d+)\/(\d+) applied \((\d+) read back from the world as written\)/.exec(lines[0] ?? '');
  const allRead = !!headline && headline[1] === headline[2] && headline[3] === headline[1];
  if (headline) tally('counts');
  for (const line of lines) {
    if (allRead && /not all read back/.test(line))
      out.push({
        kind: 'counts: every write read back, and a room "not all read back"',
        detail: `${lines[0]} | ${line}`,
      });
    for (const m of line.matchAll(/door at (-?\d+) (-?\d+) (-?\d+) has only its lower half/g)) {
      tally('door halves');
      const p = pos(m, 1);
      const here = t.grid.get(p);
      const above = t.grid.get(add(p, 0, 1, 0));
      const lone =
        /_door$/.test(here.name) && here.properties['half'] === 'lower' && above.name !== here.name;
      if (!lone)
        out.push({ kind: 'door: "only its lower half", but the door is whole or gone', detail: line });
    }
    for (const m of line.matchAll(/Nothing holds the ([a-z_ ]+) at (-?\d+) (-?\d+) (-?\d+)/g)) {
      tally('support');
      const p = pos(m, 2);
      const h = held(t, p);
      if (h === true) out.push({ kind: 'support: "nothing holds", but its block holds it', detail: line });
      if (/torch/.test(m[1]!) && !/wall/.test(m[1]!) && /beside|any neighbou?r/.test(line))
        out.push({
          kind: 'support: vanilla misquoted (a torch drops when the block below changes)',
          detail: line,
        });
    }
  }
  // "(command #7)" beside a box: commands are numbered from 1, and the one named writes into that box
  for (const line of lines)
    for (const m of line.matchAll(BOX_BY_COMMANDS)) {
      tally('command numbers');
      const box = { min: pos(m, 1), max: pos(m, 4) };
      for (const n of m[7]!.match(/\d+/g) ?? []) {
        const r = said.batch.results.find((x) => x.index === Number(n) - 1);
        if (r && !namesInside(r.command, box))
          out.push({
            kind: 'counts: a command number that names another command',
            detail: `#${n} is \`${r.command}\`: ${line}`,
          });
      }
    }
  // a block the truth knows nothing holds, that the answer of the batch that set it does not name
  for (const u of t.unsupported) {
    const named = lines.some((l) => l.includes(`${u.at.x} ${u.at.y} ${u.at.z}`));
    const written = said.batch.results.some((r) => r.command.includes(`${u.at.x} ${u.at.y} ${u.at.z}`));
    if (written && !named && held(t, u.at) === false)
      out.push({
        kind: 'support: an unheld block not named',
        detail: `${u.block} at ${u.at.x} ${u.at.y} ${u.at.z}`,
      });
  }
  return out;
};

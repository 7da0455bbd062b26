/** Small worlds for grounded hint tests: a map of positions holding what earlier batches left. */
import type { HintEntry } from '../../src/hints/context.js';
import { postExecuteHints, writtenBoxes } from '../../src/hints/post-execute.js';
import { WorldRegion } from '../../src/hints/model/world-region.js';
import { growToBuilding, regionAround } from '../../src/hints/model/hint-region.js';
import { growToRooms } from '../../src/hints/model/room-reach.js';
import type { NextStep } from '../../src/results/action-hints.js';
import { MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { batch, ok, parse } from './helpers.js';

/** A small world: the commands' blocks, as the world would hold them (setblock, fill, hollow, outline). */
export class SmallWorld extends MapBlockSource {
  run(...commands: string[]): this {
    for (const command of commands) {
      for (const w of parse(command)) {
        const name = w.kind === 'clone' ? 'minecraft:stone' : w.block.name;
        const props = w.kind === 'clone' ? {} : w.block.states;
        const state = { name, properties: props };
        if (w.kind === 'setblock') this.set(w.pos, state);
        if (w.kind !== 'fill') continue;
        const [a, b] = [w.from, w.to];
        for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++)
          for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++)
            for (let z = Math.min(a.z, b.z); z <= Math.max(a.z, b.z); z++) {
              const shell = [x === a.x || x === b.x, y === a.y || y === b.y, z === a.z || z === b.z].some(
                Boolean,
              );
              if (w.mode === 'outline' && !shell) continue;
              this.set({ x, y, z }, w.mode === 'hollow' && !shell ? 'minecraft:air' : state);
            }
      }
    }
    return this;
  }
}

/**
 * The ground a room built at y 64 stands on: a layer of grass under it and all around. Without it a room floats
 * in air, and no door in its walls leads anywhere a player can be seen to stand.
 */
export const GROUND = 'fill -20 63 -20 40 63 40 minecraft:grass_block';

/** The world after `earlier` and then `now`; the hints for `now`, read from it. */
export const hintsAfter = (earlier: string[], now: string[], world = new SmallWorld()) => {
  world.run(...earlier, ...now);
  const entries: HintEntry[] = batch(...now.map((c) => ok(c)));
  const written = writtenBoxes(entries);
  // grown as the execute path grows it (execute/hint-world.ts)
  const box = growToRooms(growToBuilding(regionAround(written)!, written, world), written, world);
  const region = new WorldRegion(box, world);
  return postExecuteHints({ entries, tool: 'execute_commands', world: { region } });
};

export const actions = (steps: NextStep[] | undefined) => (steps ?? []).map((s) => s.action);
export const of = (steps: NextStep[] | undefined, action: NextStep['action']) =>
  (steps ?? []).filter((s) => s.action === action);
export const commandsOf = (step: NextStep | undefined): string[] =>
  (step?.suggestedArgs?.['commands'] as string[] | undefined) ?? [];

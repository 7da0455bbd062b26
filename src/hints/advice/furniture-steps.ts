/** Next steps for furniture read from the world: a bed's missing half, a block standing in front of a door. */
import { setblockCommand } from './commands.js';
import type { HintContext } from '../context.js';
import { otherHalf } from '../model/furniture.js';
import { formatPos, opposite, step } from '../geometry.js';
import type { NextStep } from '../../results/action-hints.js';
import { RELEVANCE, runCommands } from '../steps.js';

/**
 * A lone bed half: its other half set where `facing` puts it; where a block fills that place and the
 * cell on the far side is free, the bed turned around instead (so that a wall stays a wall).
 */
export const completeBedSteps = (ctx: HintContext): NextStep[] =>
  ctx.build.beds
    .filter((b) => !b.complete)
    .flatMap((b): NextStep[] => {
      const have = b.foot ?? b.head;
      if (!have) return [];
      const part = b.foot ? 'foot' : 'head';
      const missing = part === 'foot' ? 'head' : 'foot';
      const there = otherHalf(have, part, b.facing);
      const half = (facing: string, p: string) => ({
        ...b.block,
        states: { ...b.block.states, facing, part: p },
      });
      const lone = `The bed at ${formatPos(have)} has only its ${part}`;
      const base = { action: 'complete_bed' as const, relevance: RELEVANCE.completeBed, optional: false };
      if (!b.blockedBy) {
        return [
          {
            ...base,
            description: `${lone}: set its ${missing} at ${formatPos(there)}.`,
            ...runCommands(ctx, [setblockCommand(there, half(b.facing, missing))]),
          },
        ];
      }
      const filled = `${lone}, and ${b.blockedBy} fills ${formatPos(there)} where its ${missing} goes`;
      if (b.turnable) {
        const turned = opposite(b.facing);
        const far = step(have, b.facing, part === 'foot' ? -1 : 1);
        return [
          {
            ...base,
            description: `${filled}: turn it around (its ${missing} at ${formatPos(far)}, which is free).`,
            ...runCommands(ctx, [
              setblockCommand(have, half(turned, part)),
              setblockCommand(far, half(turned, missing)),
            ]),
          },
        ];
      }
      return [
        {
          ...base,
          description: `${filled}: set its ${missing} there (setblock replaces the ${b.blockedBy}).`,
          ...runCommands(ctx, [setblockCommand(there, half(b.facing, missing))]),
        },
      ];
    });

/**
 * A door or doorway with a block in front of it inside: moved whole (`clone … move`, a bed with both
 * halves) to free floor in the room. More relevant when the room has no other way in; always optional.
 */
export const unblockDoorSteps = (ctx: HintContext): NextStep[] =>
  ctx.build.rooms.flatMap((room) => {
    const blocked = room.blocked ?? [];
    const noOtherWay = blocked.length >= room.doors.length + room.doorways.length;
    return blocked.map((e): NextStep => {
      const { pos, name, box } = e.blocker;
      const what = `The ${e.kind} at ${formatPos(e.at)} is blocked from inside: ${name} stands at ${formatPos(pos)}, in front of it${noOtherWay ? ', and the room has no other way in' : ''}.`;
      const base = {
        action: 'unblock_door' as const,
        relevance: noOtherWay ? RELEVANCE.unblockDoor : RELEVANCE.unblockDoorOptional,
        // the game lets a block stand there: moving it is advice, however much it blocks
        optional: true,
      };
      if (!e.moveTo)
        return { ...base, description: `${what} Move it; the room has no free floor to suggest.` };
      return {
        ...base,
        description: `${what} Move it (clone … move to ${formatPos(e.moveTo)}).`,
        ...runCommands(ctx, [
          `clone ${formatPos(box.min)} ${formatPos(box.max)} ${formatPos(e.moveTo)} replace move`,
        ]),
      };
    });
  });

/** Required steps for blocks the game drops because nothing holds them (see support.ts). */
import { setblockCommand } from './commands.js';
import type { HintContext, Unsupported } from './context.js';
import { spec } from './blocks.js';
import { formatPos } from './geometry.js';
import type { NextStep } from '../results/action-hints.js';
import { execArgs, RELEVANCE } from './steps.js';

const WHERE = { below: 'under it', above: 'above it', behind: 'behind it' } as const;
const SIDE = { below: 'below', above: 'above', behind: 'behind' } as const;

/** When vanilla drops it: the side whose change runs its check (updateShape), as its class says. */
const whenDropped = (u: Unsupported): string => {
  const cls = u.cls ? ` (${u.cls}.updateShape)` : '';
  return u.anySide
    ? `the game drops the ${u.name} when any block beside it changes${cls}`
    : `the game drops the ${u.name} when the block ${SIDE[u.from]} it changes${cls}; until then it stays`;
};

/** A block at the cell that must hold it: the least that makes vanilla's `canSurvive` true. */
export const supportSteps = (ctx: HintContext): NextStep[] =>
  (ctx.build.unsupported ?? []).map((u) => ({
    action: 'support_block',
    description: `Nothing holds the ${u.name} at ${formatPos(u.pos)}: ${formatPos(u.support)} ${WHERE[u.from]} is air, and ${whenDropped(u)}. Set a block there (this command), or move the ${u.name} onto a block.`,
    relevance: RELEVANCE.supportBlock,
    optional: false,
    suggestedTool: 'execute_commands',
    suggestedArgs: execArgs(ctx, [setblockCommand(u.support, spec('stone_bricks'))]),
  }));

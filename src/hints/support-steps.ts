/** Required steps for blocks the game drops because nothing holds them (see support.ts). */
import { setblockCommand } from './commands.js';
import type { HintContext } from './context.js';
import { spec } from './blocks.js';
import { formatPos } from './geometry.js';
import type { NextStep } from '../results/action-hints.js';
import { execArgs, RELEVANCE } from './steps.js';

const WHERE = { below: 'under it', above: 'above it', behind: 'behind it' } as const;

/** A block at the cell that must hold it: the least that makes vanilla's `canSurvive` true. */
export const supportSteps = (ctx: HintContext): NextStep[] =>
  (ctx.build.unsupported ?? []).map((u) => ({
    action: 'support_block',
    description: `Nothing holds the ${u.name} at ${formatPos(u.pos)}: ${formatPos(u.support)} ${WHERE[u.from]} is air, and the game drops the ${u.name} at the next block update beside it. Set a block there (this command), or move the ${u.name} onto a block.`,
    relevance: RELEVANCE.supportBlock,
    optional: false,
    suggestedTool: 'execute_commands',
    suggestedArgs: execArgs(ctx, [setblockCommand(u.support, spec('stone_bricks'))]),
  }));

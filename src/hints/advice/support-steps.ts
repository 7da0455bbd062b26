/**
 * Required steps for blocks the game drops because nothing holds them (see support.ts). Which neighbour's
 * change drops the block is read from block-behaviour's support rules (`SupportNeed.trigger`, one copy of the
 * facts), as each class's `updateShape` says (1.21.4 `net/minecraft/world/level/block/`): `BaseTorchBlock` and
 * `RedstoneTorchBlock` only when the block below changes; `WallTorchBlock`, `RedstoneWallTorchBlock` and
 * `LadderBlock` only when the block behind; `LanternBlock` the block above when `hanging`, else below;
 * `DoorBlock`'s lower half the block below; `CarpetBlock` any neighbour (it runs `canSurvive` on every update).
 */
import { type Face, supportOf as supportRules } from '../../vocabulary/block-behaviour/index.js';
import { setblockCommand } from './commands.js';
import type { HintContext, Unsupported } from '../context.js';
import { spec } from '../batch/blocks.js';
import { formatPos } from '../geometry.js';
import type { NextStep } from '../../results/action-hints.js';
import { execArgs, RELEVANCE } from '../steps.js';

const WHERE = { below: 'under it', above: 'above it', behind: 'behind it' } as const;

/** The side whose change runs the block's check, in words; `any`: every neighbour's. */
const sideOf = (trigger: Face | 'any'): string | undefined =>
  trigger === 'any' ? undefined : trigger === 'down' ? 'below' : trigger === 'up' ? 'above' : 'behind';

/** When vanilla drops it: the side whose change runs its check (updateShape), as its class says. */
const whenDropped = (u: Unsupported, ctx: HintContext): string => {
  const held = ctx.region?.at(u.pos);
  const need =
    held && typeof held !== 'string' ? supportRules(held).find((n) => n.from === u.from) : undefined;
  const cls = need?.cls ?? u.cls;
  const named = cls ? ` (${cls}.updateShape)` : '';
  const side = need ? sideOf(need.trigger) : u.anySide ? undefined : u.from;
  return side === undefined
    ? `the game drops the ${u.name} when any block next to it changes, above, below or beside${named}; until then it stays`
    : `the game drops the ${u.name} when the block ${side} it changes${named}; until then it stays`;
};

/** A block at the cell that must hold it: the least that makes vanilla's `canSurvive` true. */
export const supportSteps = (ctx: HintContext): NextStep[] =>
  (ctx.build.unsupported ?? []).map((u) => ({
    action: 'support_block',
    description: `Nothing holds the ${u.name} at ${formatPos(u.pos)}: ${formatPos(u.support)} ${WHERE[u.from]} is air, and ${whenDropped(u, ctx)}. Set a block there (this command), or move the ${u.name} onto a block.`,
    relevance: RELEVANCE.supportBlock,
    optional: false,
    suggestedTool: 'execute_commands',
    suggestedArgs: execArgs(ctx, [setblockCommand(u.support, spec('stone_bricks'))]),
  }));

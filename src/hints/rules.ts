/**
 * The hint rules, one row each: `when(ctx)` returns what to suggest, or nothing. Row order is the
 * tie-break for equal relevance and decides which save suggestion wins (the first one given).
 */
import { builtRooms } from './model/built-rooms.js';
import type { HintContext } from './context.js';
import {
  blockIdSteps,
  blockStateSteps,
  noChangeNote,
  opBot,
  outOfWorldSteps,
  splitFillSteps,
} from './advice/rejected-fixes.js';
import {
  addDoorSteps,
  addFloorSteps,
  addLightSteps,
  addRoofSteps,
  addWindowSteps,
  completeDoorSteps,
  extendWallSteps,
  planDoorNotes,
} from './advice/room-steps.js';
import { resendPlan, resendSteps } from './advice/resend.js';
import { supportSteps } from './advice/support-steps.js';
import { completeBedSteps, unblockDoorSteps } from './advice/furniture-steps.js';
import type { RuleOutput, StepKind } from './steps.js';
import { verifySteps } from './advice/verify-steps.js';

export type { HintContext } from './context.js';
export type { ProposedStep, Referee, RuleOutput, StepKind } from './steps.js';
export { RELEVANCE } from './steps.js';

export interface HintRule {
  id: string;
  /** who its steps speak for (steps.ts): `design` rules are left out where the plan is a file */
  kind: StepKind;
  when(ctx: HintContext): RuleOutput | undefined;
}

/** A fix of one refused command, said only where no resend gives the batch's commands again (it holds the fix). */
const alone =
  (steps: (ctx: HintContext) => NonNullable<RuleOutput['nextSteps']>) =>
  (ctx: HintContext): RuleOutput => ({ nextSteps: resendPlan(ctx) ? [] : steps(ctx) });

export const RULES: readonly HintRule[] = [
  // commands a refusal kept from being sent, refused for unloaded chunks (argument.pos.unloaded: chunks load
  // around players, so the bot goes there first, in a call of its own), or rolled back: one call gives them
  // all again, corrected, in order
  { id: 'resend-not-done', kind: 'resend', when: (ctx) => ({ nextSteps: resendSteps(ctx) }) },
  // argument.block.id.invalid: the nearest real ids (minecraft-data, edit distance), the command retyped
  { id: 'block-id-invalid', kind: 'resend', when: alone(blockIdSteps) },
  // argument.block.property.invalid / .unknown: the command with a state the block takes
  { id: 'block-state-invalid', kind: 'resend', when: alone(blockStateSteps) },
  // commands.fill.toobig: the same fill cut into pieces within commandModificationBlockLimit
  { id: 'fill-too-big', kind: 'resend', when: alone(splitFillSteps) },
  // argument.pos.outofworld: y outside the build height
  { id: 'pos-out-of-world', kind: 'resend', when: (ctx) => ({ nextSteps: outOfWorldSteps(ctx) }) },
  // command.unknown.command is also what a player without permission gets (vanilla hides the node),
  // so a vanilla command name here means the bot is most likely not an operator
  { id: 'unknown-command', kind: 'resend', when: opBot },
  // commands.fill.failed / commands.setblock.failed (noChange): the world already matches; no retry
  {
    id: 'no-change',
    kind: 'check',
    when: (ctx) => {
      const note = noChangeNote(ctx);
      return note ? { moduleHints: [note] } : undefined;
    },
  },
  // setblock places only the half it names: a lone door half looks broken
  // (a placed file's own lone half is the plan's: said as such, not repaired)
  {
    id: 'door-half-missing',
    kind: 'repair',
    when: (ctx) => (ctx.plan ? { moduleHints: planDoorNotes(ctx) } : { nextSteps: completeDoorSteps(ctx) }),
  },
  // setblock places only the bed half it names: a lone half is no bed (vanilla turns it to air once the
  // block where its other half goes changes, BedBlock.updateShape)
  { id: 'bed-half-missing', kind: 'repair', when: (ctx) => ({ nextSteps: completeBedSteps(ctx) }) },
  // vanilla's canSurvive: a torch, lantern, carpet or door with air where it must be held drops
  { id: 'unsupported-block', kind: 'repair', when: (ctx) => ({ nextSteps: supportSteps(ctx) }) },
  // a block standing inside in front of a door: nobody walks through it
  { id: 'door-blocked-inside', kind: 'design', when: (ctx) => ({ nextSteps: unblockDoorSteps(ctx) }) },
  // a room nobody can enter; where a doorway is cut already, a door is only a nicety
  { id: 'room-without-door', kind: 'design', when: (ctx) => ({ nextSteps: addDoorSteps(ctx) }) },
  // walls whose ends do not meet leave a gap a player (or a mob) walks through
  { id: 'wall-gap', kind: 'design', when: (ctx) => ({ nextSteps: extendWallSteps(ctx) }) },
  // walls without a roof are not a room yet
  { id: 'room-without-roof', kind: 'design', when: (ctx) => ({ nextSteps: addRoofSteps(ctx) }) },
  // optional: the ground the walls stand on may be the floor, and this batch cannot see it
  { id: 'room-without-floor', kind: 'design', when: (ctx) => ({ nextSteps: addFloorSteps(ctx) }) },
  // a closed room without a light source is dark inside, and mobs spawn in the dark
  { id: 'dark-room', kind: 'design', when: (ctx) => ({ nextSteps: addLightSteps(ctx) }) },
  // glass in a wall is a window; a room without one is allowed but rarely meant
  { id: 'room-without-window', kind: 'design', when: (ctx) => ({ nextSteps: addWindowSteps(ctx) }) },
  // a confirmed write can still differ (other players, physics): read back what verification did not check
  {
    id: 'verify-written',
    kind: 'check',
    when: (ctx) => ({ nextSteps: verifySteps(ctx.build.touched, ctx.entries, ctx.target) }),
  },
  // every room the writes touched, named with its box; a finished one is worth remembering. A description, not
  // advice: said of a placed file's rooms too
  { id: 'rooms-built', kind: 'check', when: builtRooms },
];

/** Shared pieces of next steps: relevance by kind, tool arguments, how commands and rooms are named. */
import type { HintContext, Room } from './context.js';
import { dims, formatBox } from './geometry.js';
import type { NextStep, SaveSuggestion } from '../results/action-hints.js';

/**
 * Who a rule's steps speak for, which decides what the referee may do with them (the seam between the rules that
 * re-send a batch's own commands and the rules that advise on the building):
 * - `resend`: the batch's own commands given again: refused and corrected, or never sent (a limit, stopOnFailure, a
 *   rolled-back transaction, unloaded chunks). The caller asked for these writes: the referee never drops one, at most
 *   flags it.
 * - `repair`: what the game's own rules call broken (a lone door or bed half, a block whose canSurvive fails).
 * - `design`: advice about the building (doors, windows, light, roofs, rooms); left out where the plan is a file.
 * - `check`: reading the world back; writes nothing.
 */
export type StepKind = 'resend' | 'repair' | 'design' | 'check';

/** A step as a rule proposes it, before the referee has judged it against the building. */
export interface ProposedStep {
  readonly kind: StepKind;
  /** the rule's id, for logs and notes */
  readonly rule: string;
  readonly step: NextStep;
}

/**
 * Judges an answer's proposed steps against the building before any is said: keeps, replaces or drops each (never a
 * `resend`), and says why in notes. Without one, every proposal is said as the rule gave it.
 */
export type Referee = (
  proposals: readonly ProposedStep[],
  ctx: HintContext,
) => { steps: ProposedStep[]; notes: string[] };

/** What one rule contributes; postExecuteHints merges, ranks and caps these. */
export interface RuleOutput {
  nextSteps?: NextStep[];
  moduleHints?: string[];
  saveSuggestion?: SaveSuggestion;
}

/** Relevance by kind of step: a refused command beats an unfinished room beats a nicety. */
export const RELEVANCE = {
  fixRejected: 0.95,
  completeDoor: 0.9,
  completeBed: 0.85,
  supportBlock: 0.85,
  unblockDoor: 0.85,
  addDoor: 0.8,
  extendWall: 0.75,
  addRoof: 0.7,
  addLight: 0.5,
  doorInDoorway: 0.45,
  unblockDoorOptional: 0.42,
  addWindow: 0.4,
  addFloor: 0.35,
} as const;

/** `execute_commands` arguments, with the call's connection name when it had one. */
export const execArgs = (ctx: HintContext, commands: string[]): Record<string, unknown> =>
  ctx.target === undefined ? { commands } : { commands, target: ctx.target };

/** A step's tool and arguments: these commands through `execute_commands`. */
export const runCommands = (ctx: HintContext, commands: string[]) => ({
  suggestedTool: 'execute_commands',
  suggestedArgs: execArgs(ctx, commands),
});

export const quote = (command: string): string =>
  `\`${command.length > 80 ? `${command.slice(0, 77)}…` : command}\``;

export const describeRoom = (room: Room): string =>
  `the ${dims(room.interior)} ${room.kind ?? 'room'} at ${formatBox(room.box)}`;

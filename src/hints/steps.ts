/** Shared pieces of next steps: relevance by kind, tool arguments, how commands and rooms are named. */
import type { HintContext, Room } from './context.js';
import { dims, formatBox } from './geometry.js';
import type { NextStep, SaveSuggestion } from '../results/action-hints.js';

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

export const quote = (command: string): string =>
  `\`${command.length > 80 ? `${command.slice(0, 77)}…` : command}\``;

export const describeRoom = (room: Room): string =>
  `the ${dims(room.interior)} ${room.kind ?? 'room'} at ${formatBox(room.box)}`;

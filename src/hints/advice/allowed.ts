/**
 * A next step is only suggested when it can be followed: the operator's safety policy lets its commands
 * through, and the server knows them (when it sent its command tree). A step that fails either is left
 * out, and a note says why, so that the model does not try a call that cannot work.
 */
import type { ExecutorPosition } from '../../commands/block-write.js';
import { checkBatch } from '../../safety/check.js';
import type { SafetyConfig } from '../../safety/config.js';
import { type CommandNode, commandNames } from '../../suggest/tree.js';
import type { NextStep } from '../../results/action-hints.js';

export interface FollowableOptions {
  safety?: SafetyConfig | undefined;
  /** the command tree the server sent; without it every command name is taken as known */
  tree?: CommandNode | undefined;
  version: string;
  executor?: ExecutorPosition | undefined;
}

export interface Refusal {
  /** first command of the step that cannot be run */
  command: string;
  why: string;
}

const rootName = (command: string) => (command.trim().replace(/^\//, '').split(/\s+/)[0] ?? '').toLowerCase();

// the names of a command tree, once per tree (a batch asks for them once per suggested step)
const namesOf = new WeakMap<CommandNode, ReadonlySet<string>>();
const knownNames = (tree: CommandNode): ReadonlySet<string> => {
  let known = namesOf.get(tree);
  if (!known) namesOf.set(tree, (known = new Set(commandNames(tree))));
  return known;
};

/** Why these commands cannot be run here, or undefined when they can. */
export function refusalOf(commands: readonly string[], options: FollowableOptions): Refusal | undefined {
  if (options.safety) {
    const check = checkBatch([...commands], {
      config: options.safety,
      validateSafety: true,
      version: options.version,
      ...(options.executor ? { executor: options.executor } : {}),
    });
    const refused =
      check.verdicts.find((v) => !v.allowed && v.rule !== 'batch_blocked') ??
      check.verdicts.find((v) => !v.allowed);
    if (refused) {
      return {
        command: commands[refused.index]!,
        why: `the safety policy refuses it (${refused.rule ?? 'refused'})`,
      };
    }
  }
  if (options.tree) {
    const known = knownNames(options.tree);
    const missing = commands.find((c) => !known.has(rootName(c)));
    if (missing) return { command: missing, why: `this server has no command ${rootName(missing)}` };
  }
  return undefined;
}

/**
 * The steps that can be followed, in the order given, at most `max` of them, and a note for each one left
 * out on the way. Steps after the `max`-th kept one are not examined (a batch of hundreds of refusals makes
 * hundreds of fix steps, of which only the first few are shown).
 */
export function followable(
  steps: readonly NextStep[],
  options: FollowableOptions,
  max = Number.POSITIVE_INFINITY,
): { steps: NextStep[]; notes: string[] } {
  const kept: NextStep[] = [];
  const notes: string[] = [];
  for (const step of steps) {
    if (kept.length >= max) break;
    const commands = step.suggestedArgs?.['commands'];
    // a command, or a step that names one ({id, command, dependsOn})
    const list = Array.isArray(commands) ? commands.map(commandOf).filter((c) => c !== undefined) : [];
    const refusal = step.suggestedTool === 'execute_commands' ? refusalOf(list, options) : undefined;
    if (!refusal) {
      kept.push(step);
      continue;
    }
    notes.push(
      `Left out a ${step.action} step: \`${refusal.command}\` cannot be run here (${refusal.why}). ${step.description}`,
    );
  }
  return { steps: kept, notes };
}

const commandOf = (item: unknown): string | undefined => {
  if (typeof item === 'string') return item;
  const command = (item as { command?: unknown } | null)?.command;
  return typeof command === 'string' ? command : undefined;
};

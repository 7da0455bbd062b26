/**
 * A batch plan: commands with optional ids, dependencies and conditions. Validated before anything is
 * sent: ids unique, references known and earlier (so no cycles), a clear message otherwise.
 */
import { z } from 'zod';
import { echo, McbridgeError } from '../vocabulary/errors.js';

/** earlier steps one step may depend on: a real plan names a few; stated in the schema as `maxItems` */
export const MAX_DEPENDS_ON = 64;

export const OperationSchema = z.object({
  id: z.string().min(1).max(64).optional().describe("this step's name, for later steps"),
  command: z.string().max(40_000).describe('the Minecraft command'),
  dependsOn: z
    .array(z.string())
    .max(MAX_DEPENDS_ON)
    .optional()
    .describe('earlier steps that must succeed, else skipped'),
  condition: z
    .object({
      ifSuccess: z.string().optional().describe('an earlier step'),
      ifFailed: z.string().optional().describe('an earlier step (a fallback)'),
    })
    .optional(),
});
export type Operation = z.infer<typeof OperationSchema>;

export const BatchItemSchema = z.union([z.string().max(40_000), OperationSchema]);
export type BatchItem = z.infer<typeof BatchItemSchema>;

export class PlanError extends McbridgeError {
  override name = 'PlanError' as const;
}

export interface PlannedStep {
  index: number;
  command: string;
  id?: string;
  /** indexes of the steps that must succeed */
  dependsOn: number[];
  ifSuccess?: number;
  ifFailed?: number;
}

/** Checks ids and references; throws PlanError naming the step and the problem. */
export function planBatch(items: readonly BatchItem[]): PlannedStep[] {
  const ids = new Map<string, number>();
  return items.map((item, index) => {
    const op: Operation = typeof item === 'string' ? { command: item } : item;
    const step: PlannedStep = { index, command: op.command, dependsOn: [] };
    const where = `step #${index + 1}${op.id ? ` ("${op.id}")` : ''}`;
    const resolve = (ref: string, field: string): number => {
      const target = ids.get(ref);
      if (target !== undefined) return target;
      const later = items.findIndex((it, i) => i > index && typeof it !== 'string' && it.id === ref);
      if (later >= 0 || op.id === ref) {
        const back = later >= 0 ? (items[later] as Operation) : undefined;
        const cycle =
          op.id === ref ||
          (op.id !== undefined &&
            back !== undefined &&
            [...(back.dependsOn ?? []), back.condition?.ifSuccess, back.condition?.ifFailed].includes(op.id));
        const what = op.id === ref ? 'itself' : `a later step (#${later + 1})`;
        throw new PlanError(
          `${where}: ${field} "${echo(ref)}" refers to ${what}${cycle ? ' — a dependency cycle' : ''}`,
          {
            remedy: 'steps run in order: a step can only depend on steps before it',
          },
        );
      }
      throw new PlanError(`${where}: ${field} "${echo(ref)}" is not the id of any step`, {
        remedy: `known ids: ${[...ids.keys()].join(', ') || 'none'}`,
      });
    };
    step.dependsOn = (op.dependsOn ?? []).map((ref) => resolve(ref, 'dependsOn'));
    if (op.condition?.ifSuccess !== undefined)
      step.ifSuccess = resolve(op.condition.ifSuccess, 'condition.ifSuccess');
    if (op.condition?.ifFailed !== undefined)
      step.ifFailed = resolve(op.condition.ifFailed, 'condition.ifFailed');
    if (op.id !== undefined) {
      if (ids.has(op.id)) {
        throw new PlanError(`${where}: id "${op.id}" is already used by step #${ids.get(op.id)! + 1}`, {
          remedy: 'give every step its own id',
        });
      }
      ids.set(op.id, index);
      step.id = op.id;
    }
    return step;
  });
}

/** The steps a step waits for: its dependencies and conditions. */
export const prerequisites = (step: PlannedStep): number[] => [
  ...step.dependsOn,
  ...(step.ifSuccess !== undefined ? [step.ifSuccess] : []),
  ...(step.ifFailed !== undefined ? [step.ifFailed] : []),
];

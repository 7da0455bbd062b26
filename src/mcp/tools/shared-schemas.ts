/**
 * Schema parts several tools share. Those with an `id` are written once per tool's JSON Schema, under
 * `definitions`, and referenced where used (zod's toJSONSchema does this for schemas with an id).
 */
import { z } from 'zod';
import { BatchItemSchema } from '../../batch/plan.js';

// vanilla's world ends 30,000,000 blocks out (Level.MAX_LEVEL_SIZE). Checked, but shown to the model only as
// "integer": the bounds would be written out in every position of every tool's schema
const Coordinate = z
  .number()
  .refine(Number.isInteger, 'must be a whole number of blocks')
  .refine((v) => Math.abs(v) <= 30_000_000, "must be within the world's edge (±30,000,000)")
  .meta({ type: 'integer' });

export const PositionSchema = z
  .object({ x: Coordinate, y: Coordinate, z: Coordinate })
  .meta({ id: 'Position' });

/** a command string, or a step {id, command, dependsOn, condition: {ifSuccess|ifFailed}} */
export const BatchItemArg = BatchItemSchema.meta({ id: 'BatchItem' });

/**
 * The connection a tool acts on. Over HTTP at 2026-07-28 it is mirrored in the `Mcp-Param-Connection`
 * header (SEP-2243 `x-mcp-header`; the SDK's client sends it, the SDK's HTTP entry checks it against the
 * body), so a gateway can route a call to the process that holds that connection without reading the body.
 */
export const TargetArg = z
  .string()
  .optional()
  .describe('connection name (else the default)')
  .meta({ 'x-mcp-header': 'Connection' });

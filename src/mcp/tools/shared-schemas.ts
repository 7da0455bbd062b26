/**
 * Schema parts several tools share. Those with an `id` are written once per tool's JSON Schema, under
 * `definitions`, and referenced where used (zod's toJSONSchema does this for schemas with an id).
 */
import { z } from 'zod';
import { BatchItemSchema } from '../../batch/plan.js';

// vanilla's world ends 30,000,000 blocks out (Level.MAX_LEVEL_SIZE); bounds keep the schema short too
const Coordinate = z.number().int().min(-30_000_000).max(30_000_000);

export const PositionSchema = z
  .object({ x: Coordinate, y: Coordinate, z: Coordinate })
  .meta({ id: 'Position' });

/** a command string, or a step {id, command, dependsOn, condition: {ifSuccess|ifFailed}} */
export const BatchItemArg = BatchItemSchema.meta({ id: 'BatchItem' });

export const TargetArg = z.string().optional().describe('a connection name (default: the default one)');

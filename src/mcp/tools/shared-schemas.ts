import { z } from 'zod';

export const PositionSchema = z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() });

export const TargetArg = z
  .string()
  .optional()
  .describe('connection name; default: the configured default connection');

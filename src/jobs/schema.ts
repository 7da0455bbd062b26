/**
 * The journal of a build job: one JSON file per job, rewritten atomically after every chunk. Each step
 * keeps its outcome, so a job can be resumed by another companion without sending applied commands again.
 */
import { z } from 'zod';
import { BatchItemSchema } from '../batch/plan.js';
import { CommandStatusSchema } from '../results/schema.js';
import { VerificationStatusSchema } from '../results/verification.js';

export const JOURNAL_FORMAT = 1 as const;

/** `pending`: not sent yet; `sent`: sent, no outcome recorded (the companion stopped while waiting). */
export const StepStateSchema = z.union([z.enum(['pending', 'sent']), CommandStatusSchema]);
export type StepState = z.infer<typeof StepStateSchema>;

export const JobStepSchema = z.object({
  /** index into the job's phases */
  phase: z.number().int().nonnegative(),
  /** the command or operation, placeholders filled */
  item: BatchItemSchema,
  state: StepStateSchema,
  /** how many times it was sent */
  attempts: z.number().int().nonnegative(),
  summary: z.string().optional(),
  /** translation key of the message that decided the outcome */
  key: z.string().optional(),
  noChange: z.boolean().optional(),
  verification: VerificationStatusSchema.optional(),
  /** the outcome was established by reading the world on resume, not by the server's reply */
  reconciled: z.boolean().optional(),
});
export type JobStep = z.infer<typeof JobStepSchema>;

export const JobStatusSchema = z.enum(['pending', 'running', 'completed', 'error', 'interrupted', 'expired']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** Why a job stopped before its end; `crash` is found on start (the file says running, nobody holds it). */
export const InterruptionSchema = z.enum(['crash', 'disconnect', 'cancelled', 'shutdown']);
export type Interruption = z.infer<typeof InterruptionSchema>;

export const JobOptionsSchema = z.object({
  chunkSize: z.number().int().min(1).max(1000),
  verify: z.boolean(),
  stopOnFailure: z.boolean(),
  noChangeIsSuccess: z.boolean(),
  commandTimeoutMs: z.number().int().positive().optional(),
  /** steps whose outcome is uncertain and cannot be checked in the world are sent again on resume */
  resendUnverifiable: z.boolean(),
});
export type JobOptions = z.infer<typeof JobOptionsSchema>;

export const JobStateSchema = z.object({
  format: z.literal(JOURNAL_FORMAT),
  id: z.string(),
  name: z.string(),
  /** connection name */
  target: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** as stored; `expired` and `interrupted` (after a crash) are decided when the file is read */
  status: JobStatusSchema,
  interruption: InterruptionSchema.optional(),
  phases: z.array(z.object({ name: z.string() })).min(1),
  steps: z.array(JobStepSchema),
  params: z.record(z.string(), z.string()).optional(),
  options: JobOptionsSchema,
  lastError: z.string().optional(),
  /** the companion running it (pid and host), to name it when a second one is refused */
  runner: z.object({ pid: z.number().int(), host: z.string(), since: z.iso.datetime() }).optional(),
  /** how many times it was started or resumed */
  runs: z.number().int().nonnegative(),
});
export type JobState = z.infer<typeof JobStateSchema>;

export const JOB_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}$/;
export const JobIdSchema = z
  .string()
  .regex(JOB_ID_PATTERN, 'a job id from start_build_job or list_build_jobs');

/** Final outcomes: the step is not sent again by a plain resume. */
export const isDecided = (s: StepState) => s !== 'pending' && s !== 'sent';

/** Errors of the safety module. Refused commands are not errors: they are verdicts (see check.ts). */
import { McbridgeError } from '../vocabulary/errors.js';

/** The operator's safety config file cannot be used; names the file and, when known, the bad field. */
export class SafetyConfigError extends McbridgeError {
  override name = 'SafetyConfigError' as const;
  constructor(
    readonly file: string,
    /** dotted path of the offending field (`buildZone[0].from`), absent when the file itself is unreadable */
    readonly field: string | undefined,
    problem: string,
    options: { remedy?: string; cause?: unknown } = {},
  ) {
    super(`safety config ${file}${field === undefined ? '' : `: field "${field}"`}: ${problem}`, options);
  }
}

/** Errors of build jobs: each says what happened and what to do. */
import { echo, McbridgeError } from '../vocabulary/errors.js';

export class JobNotFoundError extends McbridgeError {
  override name = 'JobNotFoundError' as const;
  constructor(readonly id: string) {
    super(`no build job "${echo(id)}"`, { remedy: 'list_build_jobs shows the jobs this companion knows' });
  }
}

export class JobCorruptError extends McbridgeError {
  override name = 'JobCorruptError' as const;
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly movedTo: string | undefined,
  ) {
    super(`the journal ${file} cannot be read (${problem})`, {
      remedy: movedTo
        ? `it was kept aside as ${movedTo}; start the job again`
        : 'fix or delete the file, or start the job again',
    });
  }
}

export class JobLockedError extends McbridgeError {
  override name = 'JobLockedError' as const;
  constructor(
    readonly id: string,
    readonly holder: string,
  ) {
    super(`build job "${id}" is being run by ${holder}`, {
      remedy:
        'wait for it (get_build_job with waitSeconds) or cancel it there; the lock of a companion that died frees itself after a few seconds',
    });
  }
}

export class JobExpiredError extends McbridgeError {
  override name = 'JobExpiredError' as const;
  constructor(
    readonly id: string,
    readonly maxAgeDays: number,
  ) {
    super(`build job "${id}" is older than ${maxAgeDays} days and has expired`, {
      remedy: 'the world has probably changed since: start a new job with the commands that are still needed',
    });
  }
}

export class JobStateError extends McbridgeError {
  override name = 'JobStateError' as const;
}

export class TemplateError extends McbridgeError {
  override name = 'TemplateError' as const;
  constructor(readonly missing: Array<{ name: string; step: number }>) {
    const list = missing.map((m) => `{{${m.name}}} (first in step #${m.step + 1})`).join(', ');
    super(`unfilled placeholder${missing.length === 1 ? '' : 's'}: ${list}; nothing was sent`, {
      remedy: `give a value for each in params, e.g. params: {"${missing[0]?.name ?? 'name'}": "…"}`,
    });
  }
}

/**
 * Typed errors. Each carries its context in fields and says in its message how to fix the problem.
 * Rejected commands are not errors (they are results); these are for when a tool cannot do its job.
 */
export class McbridgeError extends Error {
  override name: string = 'McbridgeError';
  /** what the user can do about it, also included in the message */
  readonly remedy: string | undefined;

  constructor(message: string, options: { remedy?: string; cause?: unknown } = {}) {
    super(options.remedy ? `${message}: ${options.remedy}` : message, { cause: options.cause });
    this.remedy = options.remedy;
  }
}

/**
 * A value from a call as an error repeats it: at most `max` characters and its length, so that an answer
 * never grows with what it was sent (a 200,000-character name is not sent back whole).
 */
export const echo = (value: string, max = 80): string =>
  value.length > max ? `${value.slice(0, max)}… (${value.length.toLocaleString('en-US')} characters)` : value;

export class WorldStartError extends McbridgeError {
  override name = 'WorldStartError' as const;
  constructor(
    readonly code: string,
    message: string,
    remedy?: string,
  ) {
    super(message, remedy ? { remedy } : {});
  }
}

export class WorldCrashedError extends McbridgeError {
  override name = 'WorldCrashedError' as const;
}

export class NotConnectedError extends McbridgeError {
  override name = 'NotConnectedError' as const;
}

export class ConnectError extends McbridgeError {
  override name = 'ConnectError' as const;
  constructor(
    readonly kind: 'refused' | 'unsupported_version' | 'kicked' | 'spawn_timeout' | 'closed',
    message: string,
    remedy?: string,
  ) {
    super(message, remedy ? { remedy } : {});
  }
}

export class NotOperatorError extends McbridgeError {
  override name = 'NotOperatorError' as const;
  constructor(readonly username: string) {
    super(`bot "${username}" is not an operator`, { remedy: `run \`op ${username}\` in the server console` });
  }
}

export class CommandTimeoutError extends McbridgeError {
  override name = 'CommandTimeoutError' as const;
}

/** The connection needs a Microsoft sign-in that a person has to complete in a browser. */
export class SignInRequiredError extends McbridgeError {
  override name = 'SignInRequiredError' as const;
  constructor(
    readonly url: string,
    readonly code: string,
    readonly expiresAt: string,
    readonly account: string,
  ) {
    super(`the connection is waiting for a Microsoft sign-in (account "${account}")`, {
      remedy: `open ${url} and enter the code ${code} (valid until ${expiresAt}), then call the tool again`,
    });
  }
}

/** The Microsoft sign-in did not succeed; `kind` names the cause. */
export class SignInError extends McbridgeError {
  override name = 'SignInError' as const;
  constructor(
    readonly kind: 'no_network' | 'code_expired' | 'no_minecraft' | 'declined' | 'failed',
    message: string,
    remedy?: string,
    cause?: unknown,
  ) {
    super(message, { ...(remedy ? { remedy } : {}), cause });
  }
}

/**
 * Microsoft sign-in for a bot, with the real prismarine-auth flow (`MicrosoftAuthFlow.js`, live device-code
 * flow, the title minecraft-protocol uses) and none of its console output: the device code comes to us
 * through the flow's code callback, and the flow's own "[msa] Signed in as …" line is routed to stderr by the
 * CLI's stdout guard.
 *
 * A tool call never waits for a person: `ready()` either returns a session (tokens cached or refreshed) or
 * fails at once with `SignInRequiredError` carrying the URL and the code, while the flow keeps polling in the
 * background until the person has signed in.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { SignInError, SignInRequiredError } from '../vocabulary/errors.js';
import { TokenStore } from './token-cache.js';

const require = createRequire(import.meta.url);

export type SignInState =
  | { state: 'signed_out' }
  | { state: 'signing_in' }
  | { state: 'waiting_for_code'; url: string; code: string; expiresAt: string }
  | { state: 'signed_in'; username: string }
  | { state: 'failed'; reason: string };

/** What minecraft-protocol needs to join an online-mode server. */
export interface JavaSession {
  accessToken: string;
  profile: { id: string; name: string };
  /** profile keys for signing chat and command arguments (1.19+), when Microsoft issued them */
  certificates?: Record<string, unknown>;
}

interface DeviceCode {
  user_code: string;
  verification_uri: string;
  expires_in: number;
  message?: string;
}

/** The part of prismarine-auth's `Authflow` we use. */
export interface JavaTokenFlow {
  getMinecraftJavaToken(options: {
    fetchProfile: boolean;
    fetchCertificates: boolean;
  }): Promise<{ token: string; profile?: unknown; certificates?: Record<string, unknown> }>;
}

export type CreateFlow = (
  account: string,
  cache: ReturnType<TokenStore['cacheFactory']>,
  onCode: (code: DeviceCode) => void,
) => JavaTokenFlow;

/** The real flow: prismarine-auth with the options minecraft-protocol's `client/microsoftAuth.js` uses. */
export const prismarineAuthFlow: CreateFlow = (account, cache, onCode) => {
  const { Authflow, Titles } = require('prismarine-auth') as {
    Authflow: new (
      user: string,
      cache: unknown,
      options: Record<string, unknown>,
      onCode: (code: DeviceCode) => void,
    ) => JavaTokenFlow;
    Titles: Record<string, string>;
  };
  return new Authflow(
    account,
    cache,
    { authTitle: Titles['MinecraftNintendoSwitch'], deviceType: 'Nintendo', flow: 'live' },
    onCode,
  );
};

export interface MicrosoftSignInOptions {
  /** the Microsoft account (e-mail) or any local name for it: tokens are cached under it */
  account: string;
  store?: TokenStore;
  /** how long `ready()` waits for the flow to either finish from cache or ask for a code (default 15 s) */
  decideWithinMs?: number;
  createFlow?: CreateFlow;
}

export class MicrosoftSignIn extends EventEmitter<{
  code: [SignInState & { state: 'waiting_for_code' }];
  signed_in: [string];
  failed: [SignInError];
}> {
  readonly account: string;
  readonly store: TokenStore;
  private current: SignInState = { state: 'signed_out' };
  private running: Promise<JavaSession> | undefined;
  private readonly createFlow: CreateFlow;
  private readonly decideWithinMs: number;

  constructor(options: MicrosoftSignInOptions) {
    super();
    this.account = options.account;
    this.store = options.store ?? new TokenStore();
    this.createFlow = options.createFlow ?? prismarineAuthFlow;
    this.decideWithinMs = options.decideWithinMs ?? 15_000;
    if (this.store.files(this.account).length === 0) this.current = { state: 'signed_out' };
  }

  get state(): SignInState {
    return this.current;
  }

  /**
   * A session, if one can be had without a person; otherwise `SignInRequiredError` at once (the flow goes on
   * in the background and emits `signed_in` when the person is done).
   */
  async ready(): Promise<JavaSession> {
    if (this.current.state === 'waiting_for_code') throw this.required(this.current);
    let onCode: ((state: SignInState & { state: 'waiting_for_code' }) => void) | undefined;
    // listen before the flow starts: it may ask for a code before its first await
    const codeAsked = new Promise<never>((_, reject) => {
      onCode = (state) => reject(this.required(state));
      this.once('code', onCode);
    });
    let timer: NodeJS.Timeout | undefined;
    const undecided = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SignInError(
              'no_network',
              'Microsoft sign-in did not answer in time',
              "check this machine's internet connection",
            ),
          ),
        this.decideWithinMs,
      );
    });
    try {
      return await Promise.race([this.start(), codeAsked, undecided]);
    } finally {
      clearTimeout(timer);
      if (onCode) this.off('code', onCode);
    }
  }

  /** Runs the flow to its end (for `mcbridge login`): the caller shows the code from the `code` event. */
  signIn(): Promise<JavaSession> {
    return this.start();
  }

  /** One flow at a time; its failure is reported through `failed` and to whoever waits, never unhandled. */
  private start(): Promise<JavaSession> {
    if (!this.running) {
      this.running = this.run();
      this.running.catch(() => undefined);
    }
    return this.running;
  }

  /** Forgets the cached tokens of this account. */
  signOut(): number {
    this.current = { state: 'signed_out' };
    return this.store.remove(this.account);
  }

  private required(state: SignInState & { state: 'waiting_for_code' }): SignInRequiredError {
    return new SignInRequiredError(state.url, state.code, state.expiresAt, this.account);
  }

  private async run(): Promise<JavaSession> {
    this.current = { state: 'signing_in' };
    try {
      const flow = this.createFlow(this.account, this.store.cacheFactory(), (code) => {
        const state = {
          state: 'waiting_for_code' as const,
          url: code.verification_uri,
          code: code.user_code,
          expiresAt: new Date(Date.now() + code.expires_in * 1000).toISOString(),
        };
        this.current = state;
        this.emit('code', state);
      });
      const result = await flow.getMinecraftJavaToken({ fetchProfile: true, fetchCertificates: true });
      const profile = result.profile as { id?: string; name?: string; error?: string } | undefined;
      if (!profile?.name || !profile.id || profile.error)
        throw new SignInError(
          'no_minecraft',
          `the Microsoft account "${this.account}" has no Minecraft Java Edition profile`,
          'sign in with an account that owns Minecraft Java Edition (and has chosen a player name)',
        );
      const session: JavaSession = {
        accessToken: result.token,
        profile: { id: profile.id, name: profile.name },
        ...(result.certificates ? { certificates: result.certificates } : {}),
      };
      this.current = { state: 'signed_in', username: profile.name };
      this.emit('signed_in', profile.name);
      return session;
    } catch (err) {
      const error = describeSignInFailure(err, this.account);
      this.current = { state: 'failed', reason: error.message };
      this.emit('failed', error);
      throw error;
    } finally {
      this.running = undefined;
    }
  }
}

/** One line naming the cause, from whatever the flow threw. */
export function describeSignInFailure(err: unknown, account: string): SignInError {
  if (err instanceof SignInError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ??
    (err as { cause?: { code?: string } })?.cause?.code;
  if (
    (code &&
      ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH'].includes(code)) ||
    /fetch failed|getaddrinfo|network/i.test(message)
  )
    return new SignInError(
      'no_network',
      `cannot reach Microsoft's sign-in service (${code ?? message})`,
      "check this machine's internet connection",
      err,
    );
  if (/timed out|expired_token|expired/i.test(message))
    return new SignInError(
      'code_expired',
      'the sign-in code expired before it was entered',
      'call the tool again (or run `mcbridge login`) for a new code',
      err,
    );
  if (/authorization_declined|declined/i.test(message))
    return new SignInError(
      'declined',
      'the sign-in was declined in the browser',
      'try again and accept',
      err,
    );
  if (/own minecraft|not found|NOT_FOUND|profile/i.test(message))
    return new SignInError(
      'no_minecraft',
      `the Microsoft account "${account}" has no Minecraft Java Edition profile`,
      'sign in with an account that owns Minecraft Java Edition',
      err,
    );
  return new SignInError('failed', `Microsoft sign-in failed: ${message.split('\n')[0]}`, undefined, err);
}

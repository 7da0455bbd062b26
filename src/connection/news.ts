/**
 * Connection news: what a connection did on its own (connected, kicked, reconnecting, sign-in needed…),
 * for whoever listens — the MCP server forwards it as `notifications/message`, `serve` writes it to stderr.
 */
import type { SignInState } from '../signin/microsoft.js';

/** RFC 5424 levels, as MCP's logging uses them. */
export type NewsLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error';

export type NewsEvent =
  | 'connected'
  | 'reconnected'
  | 'op_missing'
  | 'kicked'
  | 'disconnected'
  | 'reconnecting'
  | 'gave_up'
  | 'signin_needed'
  | 'signed_in'
  | 'signin_failed'
  | 'world_stopped'
  | 'unsupported_version';

export interface ConnectionNews {
  connection: string;
  event: NewsEvent;
  level: NewsLevel;
  /** one line a person can act on */
  message: string;
  data?: Record<string, unknown>;
}

export type NewsListener = (news: ConnectionNews) => void;

/** Advice for a bot that may not run commands: a dedicated server's console, or a LAN world's cheats. */
export function opAdvice(username: string): string {
  return `run \`op ${username}\` in the server console (for a single-player world opened to LAN: open it again with "Allow Cheats: ON")`;
}

export function signInNews(connection: string, state: SignInState): ConnectionNews | undefined {
  if (state.state === 'waiting_for_code')
    return {
      connection,
      event: 'signin_needed',
      level: 'warning',
      message: `Microsoft sign-in needed for "${connection}": open ${state.url} and enter the code ${state.code} (valid until ${state.expiresAt})`,
      data: { url: state.url, code: state.code, expiresAt: state.expiresAt },
    };
  if (state.state === 'signed_in')
    return {
      connection,
      event: 'signed_in',
      level: 'notice',
      message: `signed in to Microsoft as ${state.username} for "${connection}"`,
      data: { username: state.username },
    };
  if (state.state === 'failed')
    return { connection, event: 'signin_failed', level: 'error', message: state.reason };
  return undefined;
}

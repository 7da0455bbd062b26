/**
 * What a server can do for us, found out by asking it: whether a fence comes back (tellraw to ourselves),
 * whether we are an operator, whether it speaks translation keys, and the sendCommandFeedback gamerule.
 */
import { randomBytes } from 'node:crypto';
import { fenceCommand, fenceId, isCommandLine, topTranslateKey } from '../vocabulary/text/fence.js';
import type { CapturedMessage, TextComponent } from '../vocabulary/text/message.js';
import type { CaptureStrategy } from '../results/schema.js';
import { type CommandChannel, compareVersions } from './channel.js';

export interface Capabilities {
  /** operator (permission level >= 2); null when the server's replies cannot tell */
  op: boolean | null;
  fenceWorks: boolean;
  /** sendCommandFeedback; null when unknown */
  feedbackEnabled: boolean | null;
  /** the server's feedback carries translation keys (vanilla); false for plain-text servers */
  keyedFeedback: boolean;
  /** red means failure (vanilla); stock flying-squid colours every reply red */
  colourMeaningful: boolean;
  strategy: CaptureStrategy;
}

/**
 * 1.21.11 renamed gamerules to snake_case, and 26.1 keeps them so (world/level/gamerules/GameRules.java:
 * `registerBoolean("send_command_feedback", …)` in both trees; GameRuleRegistryFix maps the old name)
 */
export const feedbackGamerule = (version: string): string =>
  compareVersions(version, '1.21.11') >= 0 ? 'send_command_feedback' : 'sendCommandFeedback';

function innerKeys(component: TextComponent): string[] {
  if (typeof component !== 'object' || component === null) return [];
  if (Array.isArray(component)) return component.flatMap(innerKeys);
  const own = typeof component.translate === 'string' ? [component.translate] : [];
  return [...own, ...(component.extra ?? []).flatMap(innerKeys)];
}

/** Lines kept while a probe's fence may still come late; a server that answers this many without it has none. */
const LATE_FENCE_LINES = 64;

export interface ProbeOptions {
  /** how long to wait for the first answer (default 3 s) */
  timeoutMs?: number;
  /**
   * Called if the fence arrives after the probe has answered without it (a busy server or machine answered
   * later than the probe waited), with what the server can do after all; never called otherwise.
   */
  onLateFence?: (capabilities: Capabilities) => void;
}

export async function probeCapabilities(
  channel: CommandChannel,
  options: ProbeOptions = {},
): Promise<Capabilities> {
  const { timeoutMs = 3000, onLateFence } = options;
  const id = `probe-${randomBytes(3).toString('hex')}`;
  const lines: CapturedMessage[] = [];
  let fence = false;
  let answered = false;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, timeoutMs);
    let quiet: NodeJS.Timeout | undefined;
    function finish() {
      clearTimeout(timer);
      clearTimeout(quiet);
      answered = true;
      // without its fence the probe may be answered late: keep listening, so the verdict can be corrected
      if (fence || !onLateFence) stopListening();
      resolve();
    }
    function stopListening() {
      off();
      offClose();
    }
    const off = channel.onMessage((m) => {
      if (!isCommandLine(m)) return;
      if (fenceId(m) === id) {
        fence = true;
        if (answered) {
          stopListening();
          onLateFence?.(judge(lines, true));
          return;
        }
        // the fence comes after the gamerule reply: everything is in
        finish();
        return;
      }
      if (answered) {
        lines.push(m);
        if (lines.length >= LATE_FENCE_LINES) stopListening();
        return;
      }
      lines.push(m);
      // without fences, settle after a short silence once something arrived
      clearTimeout(quiet);
      quiet = setTimeout(finish, 400);
    });
    const offClose = channel.onClose(() => {
      if (answered) stopListening();
      else finish();
    });
    try {
      channel.sendCommand(`gamerule ${feedbackGamerule(channel.version)}`);
      channel.sendCommand(fenceCommand(id));
    } catch {
      finish();
    }
  });
  return judge(lines, fence);
}

/** What the probe's answers say: the lines before its fence, and whether the fence came. */
function judge(lines: readonly CapturedMessage[], fence: boolean): Capabilities {
  const keys = lines.flatMap((l) => innerKeys(l.component));
  const keyed = fence || keys.length > 0;
  const query = lines.find((l) => topTranslateKey(l.component) === 'commands.gamerule.query');
  let feedbackEnabled: boolean | null = null;
  if (query) {
    const c = query.component as { with?: unknown[] };
    const value = c.with?.[1];
    const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    feedbackEnabled = text.includes('true');
  } else if (fence) {
    // the query is answered with sendSuccess: with feedback off it is silent, while the fence still arrives
    feedbackEnabled = false;
  }
  const unknownCommand = keys.includes('command.unknown.command');
  const op = fence ? true : unknownCommand ? false : query ? true : null;
  return {
    op,
    fenceWorks: fence,
    feedbackEnabled,
    keyedFeedback: keyed,
    colourMeaningful: keyed,
    strategy: fence ? 'fenced' : 'serial',
  };
}

/** From what the capture saw to a command result: outcome rules for replies, fixed answers for the rest. */
import type { CapturedCommand } from '../capture/captured.js';
import { renderLine } from '../capture/text.js';
import type { ConnectionSession } from '../connection/session.js';
import { classifyOutcome } from '../outcome/index.js';
import type { CommandResult } from '../results/schema.js';

const FEEDBACK_RULE = /^gamerule\s+(?:sendCommandFeedback|send_command_feedback)\s+(true|false)\s*$/;

/** The value a command sets sendCommandFeedback to, if it does. */
function feedbackSwitch(command: string): boolean | undefined {
  const m = FEEDBACK_RULE.exec(command);
  return m ? m[1] === 'true' : undefined;
}

/**
 * Classifies captured commands in order. A batch may switch sendCommandFeedback itself, so each command
 * is judged with the state it ran under; the session learns the final state.
 */
export class CapturedClassifier {
  private feedback: boolean;

  constructor(private readonly session: ConnectionSession) {
    this.feedback = session.capabilities.feedbackEnabled !== false;
  }

  classify(c: CapturedCommand, index: number): CommandResult {
    const switched = feedbackSwitch(c.command);
    const result = this.resultOf(c, index, switched === false ? true : this.feedback);
    if (
      switched !== undefined &&
      (c.end === 'fenced' || c.end === 'quiet') &&
      result.status !== 'rejected_by_game'
    ) {
      this.feedback = switched;
      this.session.capabilities.feedbackEnabled = switched;
      if (switched === false && c.end === 'fenced' && c.lines.length === 0) {
        // vanilla applies the rule before confirming, so switching feedback off confirms silently
        Object.assign(result, {
          status: 'applied',
          applied: true,
          summary: 'Applied: sendCommandFeedback is now false (confirmed by silence before the fence)',
          detail: { key: 'commands.gamerule.set', inferred: true },
        });
      }
    }
    return result;
  }

  private resultOf(c: CapturedCommand, index: number, feedbackEnabled: boolean): CommandResult {
    const caps = this.session.capabilities;
    const base = {
      index,
      command: c.command,
      accepted: c.sent,
      executionTimeMs: Math.round(c.durationMs * 100) / 100,
      chatMessages: c.lines.map(renderLine),
      captureStrategy: c.strategy,
    };
    // answered: its group's fence never came, but its own reply did (capture/groups.ts), as exact as a fence
    if (c.end === 'fenced' || c.end === 'quiet' || c.end === 'answered') {
      const outcome = classifyOutcome({
        command: c.command,
        messages: c.lines,
        feedbackEnabled,
        version: this.session.channel.version,
        ...(caps.keyedFeedback ? {} : { plainText: { colourMeaningful: caps.colourMeaningful } }),
      });
      // the outcome's fields after the base's, as a spread would put them, without a second copy
      return Object.assign(base, outcome);
    }
    if (c.end === 'timed_out') {
      return {
        ...base,
        status: 'timed_out',
        applied: null,
        summary: `Timed out: ${c.reason ?? 'no reply from the server'}; check the world before sending it again`,
        detail: { reason: c.reason ?? 'timed out' },
      };
    }
    const reason = c.reason ?? (c.end === 'disconnected' ? 'the connection went down' : 'not sent');
    return {
      ...base,
      status: 'unknown',
      applied: c.end === 'not_sent' ? false : null,
      summary:
        c.end === 'not_sent' ? `Not sent (${reason.replace(/^not sent: /, '')})` : `Unknown: ${reason}`,
      detail: { reason },
    };
  }
}

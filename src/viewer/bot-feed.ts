/**
 * Which mineflayer bot the viewer shows, followed across reconnects: a connection target replaces its bot
 * when it reconnects, so the feed watches the target's live session and announces each new bot (or none).
 */
import { EventEmitter } from 'node:events';
import type { Bot } from 'mineflayer';
import { MineflayerChannel } from '../connection/mineflayer.js';
import type { ConnectionTarget } from '../connection/target.js';

export interface FeedState {
  /** the bot being shown, if any */
  bot: Bot | undefined;
  /** increases every time the bot changes (a page seeing a new generation reloads) */
  generation: number;
  /** why there is no bot, when there is none */
  reason: string | undefined;
}

export interface BotFeed {
  current(): FeedState;
  /** `listener` runs after every change of bot; returns the unsubscribe function */
  onChange(listener: (state: FeedState) => void): () => void;
  close(): void;
}

const POLL_MS = 250;

/**
 * Follows `target`. The target has no event for "new session", and the core stays as it is, so the feed
 * looks at `target.peek()` four times a second (cheap: a field read) and compares bots.
 */
export function followTarget(target: ConnectionTarget): BotFeed {
  const events = new EventEmitter();
  let state: FeedState = { bot: undefined, generation: 0, reason: 'not connected yet' };
  const check = () => {
    const channel = target.peek()?.channel;
    // a bot whose blocks cannot be read would be drawn with wrong blocks: none is shown, and the page says why
    const off = channel?.blockReadsOff;
    const bot = channel instanceof MineflayerChannel && !off ? channel.bot : undefined;
    const t = target.state;
    const reason = bot
      ? undefined
      : off
        ? `connection "${target.description.name}": ${off}`
        : channel
          ? `connection "${target.description.name}" has no bot to look through (backend ${channel.backend})`
          : t.state === 'reconnecting' || t.state === 'down'
            ? `${t.state}: ${t.reason}`
            : 'not connected yet';
    if (bot === state.bot && !(off && reason !== state.reason)) return;
    state = { bot, generation: state.generation + 1, reason };
    events.emit('change', state);
  };
  const timer = setInterval(check, POLL_MS);
  timer.unref();
  check();
  return {
    current: () => state,
    onChange(listener) {
      events.on('change', listener);
      return () => events.off('change', listener);
    },
    close() {
      clearInterval(timer);
      events.removeAllListeners();
    },
  };
}

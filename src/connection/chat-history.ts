import type { Bot } from 'mineflayer';

/**
 * minecraft-protocol keeps the last 1,024 received messages (for chat reports) in an Array subclass that
 * shifts on every push past the cap — a slow path that dominated CPU at thousands of feedback lines per
 * second. Same contents, trimmed in chunks; a bot never files chat reports.
 */
export function trimChatHistoryCheaply(bot: Bot): void {
  const client = bot._client as unknown as { _lastChatHistory?: unknown[] };
  const old = client._lastChatHistory;
  if (!old) return;
  const capacity = 1024;
  const history: unknown[] & { capacity?: number } = [...old];
  history.capacity = capacity;
  history.push = function push(this: unknown[], ...items: unknown[]) {
    const length = Array.prototype.push.apply(this, items);
    if (length > capacity * 2) this.splice(0, length - capacity);
    return this.length;
  };
  client._lastChatHistory = history;
}

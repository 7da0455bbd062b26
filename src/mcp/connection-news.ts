/**
 * Connection news reaches the MCP client without a tool call: every event of every connection becomes a
 * `notifications/message` (the server declares the `logging` capability; `logging/setLevel` filters them).
 * A Microsoft sign-in that waits for a person is also offered as a URL-mode elicitation when the client
 * declares `elicitation.url`, and completed once the person has signed in.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { ConnectionNews } from '../connection/news.js';
import type { ConnectionTarget } from '../connection/target.js';
import type { Targets } from '../connection/targets.js';

export function forwardConnectionNews(server: McpServer, targets: Targets): () => void {
  const low = server.server;
  /** per connection: the code last offered, and the id of its elicitation */
  const elicited = new Map<string, string>();
  const elicitationIds = new Map<string, string>();

  const send = (news: ConnectionNews, offer = true) => {
    if (!server.isConnected()) return;
    low
      .sendLoggingMessage({
        level: news.level,
        logger: `mcbridge/connection/${news.connection}`,
        data: { event: news.event, connection: news.connection, message: news.message, ...news.data },
      })
      .catch(() => undefined);
    if (news.event === 'signin_needed' && offer) offerSignIn(news);
    if (news.event === 'signed_in' || news.event === 'signin_failed') completeSignIn(news.connection);
  };

  const offerSignIn = (news: ConnectionNews) => {
    const url = news.data?.['url'];
    if (typeof url !== 'string' || !low.getClientCapabilities()?.elicitation?.url) return;
    if (elicited.get(news.connection) === url + String(news.data?.['code'])) return;
    const elicitationId = `mcbridge-signin-${news.connection}-${Date.now()}`;
    elicited.set(news.connection, url + String(news.data?.['code']));
    elicitationIds.set(news.connection, elicitationId);
    // the answer only says whether the person opened the page; the sign-in itself is watched by the flow
    low.elicitInput({ mode: 'url', message: news.message, url, elicitationId }).catch(() => undefined);
  };

  const completeSignIn = (connection: string) => {
    const id = elicitationIds.get(connection);
    if (!id) return;
    elicitationIds.delete(connection);
    elicited.delete(connection);
    try {
      low
        .createElicitationCompletionNotifier(id)()
        .catch(() => undefined);
    } catch {
      // the client never had a URL elicitation from us
    }
  };

  const unsubscribe = targets.all().map((t: ConnectionTarget) => t.onNews(send));
  // what happened before this client arrived (the first connect runs while the client starts)
  const previousInitialized = low.oninitialized;
  low.oninitialized = () => {
    previousInitialized?.();
    for (const target of targets.all()) {
      const waiting = target.signIn?.state.state === 'waiting_for_code';
      // an old code is history; only a code still waiting is offered to the person
      for (const news of target.recentNews()) send(news, waiting);
    }
  };
  const stop = () => {
    for (const off of unsubscribe) off();
  };
  const previousClose = low.onclose;
  low.onclose = () => {
    stop();
    previousClose?.();
  };
  return stop;
}

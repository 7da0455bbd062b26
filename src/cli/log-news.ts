/** Connection news on stderr, for the person who started mcbridge. */
import type { ConnectionNews } from '../connection/news.js';
import { logger } from '../vocabulary/logger.js';

export function logNews(news: ConnectionNews): void {
  const fields = { connection: news.connection, event: news.event, ...news.data };
  if (news.level === 'error') logger.error(fields, news.message);
  else if (news.level === 'warning') logger.warn(fields, news.message);
  else if (news.level === 'debug') logger.debug(fields, news.message);
  else logger.info(fields, news.message);
}

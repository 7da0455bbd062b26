/** Logs go to stderr: stdout belongs to the MCP protocol. */
import pino from 'pino';

export const logger = pino(
  { name: 'mcbridge', level: process.env['MCBRIDGE_LOG_LEVEL'] ?? 'info' },
  pino.destination({ fd: 2, sync: true }),
);

export type Logger = typeof logger;

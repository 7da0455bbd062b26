/**
 * Tool results: the structured object first, the text rendered from it, and the service context (where
 * the result came from) on the result and on every content item.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ConnectionTarget } from '../connection/target.js';
import { McbridgeError } from '../vocabulary/errors.js';

export const SERVICE_META_KEY = 'mcbridge/service';

export interface ServiceContext {
  connection: string;
  backend: string;
  server: string;
  version: string | null;
  /** the server's `minecraft:brand` (e.g. `Paper`), null until it is known */
  serverBrand: string | null;
  tool: string;
  requestId: string | number;
}

export function serviceContext(
  target: ConnectionTarget,
  tool: string,
  requestId: string | number,
): ServiceContext {
  const live = target.peek()?.channel;
  return {
    connection: target.description.name,
    backend: target.description.backend,
    server: live?.server ?? target.description.server,
    version: live?.version ?? null,
    serverBrand: live?.serverBrand?.() ?? null,
    tool,
    requestId,
  };
}

export function toolResult(
  structured: Record<string, unknown>,
  text: string,
  context: ServiceContext,
): CallToolResult {
  const _meta = { [SERVICE_META_KEY]: context };
  return { structuredContent: structured, content: [{ type: 'text', text, _meta }], _meta };
}

/** The tool could not do its job (not a rejected command: those are results). */
export function toolError(err: unknown, context: ServiceContext): CallToolResult {
  const message =
    err instanceof McbridgeError
      ? `${err.name}: ${err.message}`
      : err instanceof Error
        ? `Error: ${err.message}`
        : String(err);
  const _meta = { [SERVICE_META_KEY]: context };
  return { isError: true, content: [{ type: 'text', text: message, _meta }], _meta };
}

/**
 * Which browser origins may call the HTTP endpoint. A page served from this machine (the MCP Inspector, a
 * local web client) is accepted — `http://localhost:*`, `http://127.0.0.1:*`, `http://[::1]:*` — and any other
 * origin only when the operator names it (`--http-allow-origin`, `http.allowedOrigins` in the config). The
 * bearer token is required either way; CORS headers let an allowed page read the answers and the session id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `http(s)://<loopback>[:port]` with nothing else (no path, no credentials). */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    url.username === '' &&
    url.password === '' &&
    origin === url.origin
  );
}

export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return isLoopbackOrigin(origin) || allowed.includes(origin);
}

/** CORS headers for an allowed origin; answers a preflight itself (returns true when it did). */
export function applyCors(req: IncomingMessage, res: ServerResponse, origin: string): boolean {
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version, www-authenticate');
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id',
  );
  res.setHeader('access-control-max-age', '600');
  res.writeHead(204).end();
  return true;
}

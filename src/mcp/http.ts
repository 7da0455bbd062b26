/**
 * Streamable HTTP transport: `mcbridge serve --http`. Loopback by default, a bearer token on every request,
 * browser pages on this machine accepted and other origins only when allowed (DNS-rebinding protection: Host
 * must be this server). Both eras of the protocol at one endpoint:
 * - 2025-11-25 and before: one MCP server per session, all sharing the companion's connections. Sessions end
 *   (src/mcp/http-sessions.ts) and are capped; a request without a session that is not `initialize` is served
 *   statelessly, by a server of its own that lives for that one request.
 * - 2026-07-28 (a request carrying its protocol version in `_meta`): the SDK's `createMcpHandler`, a server of
 *   its own per request, no session; its header checks (`Mcp-Method`, `Mcp-Name`) and `server/discover` are
 *   the SDK's. What a later request reads (tasks, result pages, undo history) is the companion's, shared by
 *   every server of this process; build jobs are on disk.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type McpServer,
  type ServerNotifier,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { McbridgeError } from '../vocabulary/errors.js';
import type { Logger } from '../vocabulary/logger.js';
import { sendWebResponse, toWebRequest } from './http-bridge.js';
import { applyCors, originAllowed } from './http-origins.js';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  HttpSessions,
  type SessionEnd,
} from './http-sessions.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const MAX_BODY = 8 * 1024 * 1024;
const BODY_TOO_LARGE = `request body too large: at most ${MAX_BODY / 1024 / 1024} MiB per request`;

export interface HttpServerOptions {
  host?: string;
  port?: number;
  token: string;
  /** browser origins allowed to call besides loopback pages (which always may, with the token) */
  allowedOrigins?: string[];
  allowNonLoopback?: boolean;
  /** a session without any request for this long ends (default 30 minutes) */
  idleTimeoutMs?: number;
  /** sessions open at once (default 64): one more initialize ends the least recently used idle session, and is
   * refused with 503 only when every session has a request or stream open */
  maxSessions?: number;
  /** a fresh MCP server for each session */
  makeServer: () => McpServer;
  log: Logger;
}

export interface HttpHandle {
  url: string;
  port: number;
  sessions(): number;
  /** sessions with a request or stream open: the others may be ended to make room */
  busy(): number;
  /** sessions ended so far, by how they ended */
  ended(): Readonly<Record<SessionEnd, number>>;
  /** news for the 2026-07-28 clients' `subscriptions/listen` streams (src/mcp/resources/listen-news.ts) */
  notify: ServerNotifier;
  close(): Promise<void>;
}

export async function startHttpServer(o: HttpServerOptions): Promise<HttpHandle> {
  const host = o.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && !o.allowNonLoopback) {
    throw new McbridgeError(
      `refusing to serve MCP over HTTP on ${host}: only loopback is allowed by default`,
      {
        remedy: 'use 127.0.0.1, or pass --http-allow-remote knowingly (the token still applies)',
      },
    );
  }
  if (o.token.length < 16)
    throw new McbridgeError('the HTTP token is too short', { remedy: 'use at least 16 characters' });
  const sessions = new HttpSessions(
    o.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    o.maxSessions ?? DEFAULT_MAX_SESSIONS,
    o.log,
  );
  const modern = createMcpHandler(() => o.makeServer(), {
    legacy: 'reject',
    maxRequestBodySize: MAX_BODY,
    onerror: (err) => o.log.debug({ err }, 'MCP request failed'),
  });
  const expected = Buffer.from(`Bearer ${o.token}`);
  let port = o.port ?? 8787;

  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: message }));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return refuse(res, 404, 'the MCP endpoint is /mcp');
    const hostHeader = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (!LOOPBACK.has(hostHeader) && !o.allowNonLoopback)
      return refuse(res, 403, `host ${req.headers.host} is not this server`);
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!originAllowed(origin, o.allowedOrigins ?? []))
        return refuse(
          res,
          403,
          `origin ${origin} is not allowed: pages on this machine (localhost, 127.0.0.1, [::1]) are; others need --http-allow-origin ${origin}`,
        );
      if (applyCors(req, res, origin)) return;
    }
    const auth = Buffer.from(req.headers.authorization ?? '');
    if (auth.length !== expected.length || !timingSafeEqual(auth, expected)) {
      res.setHeader('www-authenticate', 'Bearer');
      return refuse(res, 401, 'a valid bearer token is required (see docs/configuration.md)');
    }
    // the declared size first: a body over the limit is refused before a byte of it is read
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return refuse(res, 413, BODY_TOO_LARGE);
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (body instanceof Error) return refuse(res, body.message === BODY_TOO_LARGE ? 413 : 400, body.message);
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const existing = sessions.get(sessionId);
      // the MCP specification: a request for a session the server ended is answered 404; the client starts anew
      if (!existing)
        return refuseJsonRpc(
          res,
          404,
          body,
          'Session not found: it ended (closed, idle too long, or ended to make room for a new client) or never existed; initialize a new session',
          SESSION_NOT_FOUND,
        );
      sessions.track(sessionId, res);
      try {
        return await serveWeb(existing.transport, req, res, body);
      } catch (err) {
        await sessions.end(sessionId, 'transport_error');
        throw err;
      }
    }
    if (req.method === 'POST' && !(await isLegacyRequest(webRequest(req, res, body), body)))
      return sendWebResponse(res, await modern.fetch(webRequest(req, res, body), { parsedBody: body }));
    if (req.method === 'POST' && isInitializeRequest(body)) return startSession(req, res, body);
    if (req.method === 'POST') return serveStateless(req, res, body);
    return refuse(res, 400, 'start a session with an initialize request, or POST a request without one');
  };

  const startSession = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    if (!(await sessions.makeRoom())) {
      res.setHeader('retry-after', '60');
      return refuseJsonRpc(
        res,
        503,
        body,
        `mcbridge has ${sessions.maxSessions} MCP sessions open, its limit, and every one of them has a request or stream open right now: retry when one finishes, close sessions you no longer use (HTTP DELETE /mcp with their mcp-session-id), or raise the limit with --http-max-sessions`,
      );
    }
    const server = o.makeServer();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id: string) => sessions.add(id, transport, server),
    });
    // set before connect: the server chains its own close handling after this one
    transport.onclose = () => {
      if (transport.sessionId) sessions.closed(transport.sessionId);
      else void server.close().catch(() => undefined);
    };
    try {
      await server.connect(transport);
      await serveWeb(transport, req, res, body);
    } catch (err) {
      if (transport.sessionId) await sessions.end(transport.sessionId, 'transport_error');
      else await server.close().catch(() => undefined);
      throw err;
    }
  };

  const serveStateless = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const server = o.makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({});
    res.once('close', () => void server.close().catch(() => undefined));
    await server.connect(transport);
    await serveWeb(transport, req, res, body);
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      o.log.warn({ err }, 'HTTP request failed');
      if (!res.headersSent) refuse(res, 500, 'internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new McbridgeError(`HTTP port ${port} is in use`, { remedy: 'pick another with --http-port' })
          : err,
      ),
    );
    http.listen(port, host, () => resolve());
  });
  port = (http.address() as { port: number }).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`,
    port,
    sessions: () => sessions.size,
    busy: () => sessions.busy,
    ended: () => sessions.ended,
    notify: modern.notify,
    close: async () => {
      await sessions.endAll();
      await modern.close();
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}

/** The web Request of a Node request whose body is read already; it aborts when the client goes away. */
function webRequest(req: IncomingMessage, res: ServerResponse, body: unknown): Request {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  return toWebRequest(req, body, gone.signal);
}

/** One request through a transport of the SDK's, which speaks web Requests and Responses. */
async function serveWeb(
  transport: WebStandardStreamableHTTPServerTransport,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const response = await transport.handleRequest(
    webRequest(req, res, body),
    body === undefined ? {} : { parsedBody: body },
  );
  await sendWebResponse(res, response);
}

/** The code the SDK's own transport answers an unknown session with. */
const SESSION_NOT_FOUND = -32001;

/** A refusal a JSON-RPC client shows: the error's message says what to do. */
function refuseJsonRpc(
  res: ServerResponse,
  status: number,
  request: unknown,
  message: string,
  code = -32000,
): void {
  const id =
    typeof request === 'object' && request !== null && 'id' in request
      ? (request as { id: unknown }).id
      : null;
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return resolve(new Error(BODY_TOO_LARGE));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(new Error('request body is not JSON'));
      }
    });
  });
}

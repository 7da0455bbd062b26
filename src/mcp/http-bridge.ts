/**
 * Node's HTTP server speaks IncomingMessage and ServerResponse; the SDK's HTTP entries speak the web
 * standard's Request and Response. Here one becomes the other: the request with the body mcbridge has read
 * already (its size is checked first, src/mcp/http.ts), the response streamed as it comes (SSE included),
 * and the response's stream cancelled when the client goes away.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function toWebRequest(req: IncomingMessage, body: unknown, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const method = req.method ?? 'GET';
  const hasBody = method === 'POST' && body !== undefined;
  // the body was read and parsed already: sent on as its JSON, so its length may differ from the original
  if (hasBody) headers.delete('content-length');
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
  });
}

/** Writes a web Response to Node's response, streaming its body until it ends or the client leaves. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    const prior = headers[name];
    headers[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        // a client that leaves with the buffer full never drains it: its close ends the wait too
        await new Promise<void>((r) => {
          res.once('drain', r);
          res.once('close', r);
        });
        if (res.destroyed) break;
      }
    }
  } catch {
    // the client went away, or the transport closed the stream
  } finally {
    res.off('close', stop);
    res.end();
  }
}

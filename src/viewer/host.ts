/** Where the viewer may listen: loopback unless the operator allows more (the viewer has no password). */
import { McbridgeError } from '../vocabulary/errors.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function checkViewerHost(host: string, allowRemote = false): void {
  if (!LOOPBACK.has(host) && !allowRemote) {
    throw new McbridgeError(`refusing to serve the viewer on ${host}: only loopback is allowed by default`, {
      remedy: 'use 127.0.0.1, or pass --viewer-allow-remote knowingly (the viewer has no password)',
    });
  }
}

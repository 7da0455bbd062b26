/** `--viewer-port` and friends, shared by `world` and `serve`: start the live 3D viewer for a connection. */
import type { Command } from 'commander';
import type { ConnectionTarget } from '../connection/target.js';
import { followTarget } from '../viewer/bot-feed.js';
import type { ViewerHandle } from '../viewer/server.js';
import { listenPort } from './numbers.js';

export interface ViewerFlags {
  viewerPort?: number;
  viewerHost: string;
  viewerAllowRemote: boolean;
}

export function addViewerOptions(command: Command): Command {
  return command
    .option(
      '--viewer-port <port>',
      'serve a live 3D view of the world around the bot at http://127.0.0.1:PORT/ (0 = any free port)',
      listenPort,
    )
    .option('--viewer-host <host>', 'address the viewer listens on', '127.0.0.1')
    .option(
      '--viewer-allow-remote',
      'allow a non-loopback --viewer-host (the viewer has no password)',
      false,
    );
}

export interface RunningViewer extends ViewerHandle {
  /** the connection whose bot it shows */
  connection: string;
}

/** Starts the viewer when `--viewer-port` was given; the caller prints `viewer: URL`. */
export async function startViewerFromFlags(
  flags: ViewerFlags,
  target: ConnectionTarget,
): Promise<RunningViewer | undefined> {
  if (flags.viewerPort === undefined) return undefined;
  // the viewer's server (socket.io, prismarine-viewer's world view) loads only when a viewer is asked for
  const { startViewer } = await import('../viewer/server.js');
  const feed = followTarget(target);
  const handle = await startViewer({
    feed,
    port: flags.viewerPort,
    host: flags.viewerHost,
    allowRemote: flags.viewerAllowRemote,
  });
  return {
    url: handle.url,
    connection: target.description.name,
    async close() {
      feed.close();
      await handle.close();
    },
  };
}

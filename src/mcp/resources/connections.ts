/**
 * Resource template `mcbridge://connections/{name}`: a named connection — its state, and what the server can
 * do once connected (version, operator, capture, feedback). Reading never connects.
 */
import { ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { ConnectionTarget } from '../../connection/target.js';
import { type Targets, UnknownTargetError } from '../../connection/targets.js';
import { completeFrom } from '../completions.js';

export const connectionUri = (name: string) => `mcbridge://connections/${encodeURIComponent(name)}`;

export function registerConnectionResources(
  server: McpServer,
  targets: Targets,
  viewer?: { url: string; connection: string },
): void {
  server.registerResource(
    'connection',
    new ResourceTemplate('mcbridge://connections/{name}', {
      list: async () => ({
        resources: targets.all().map((t) => ({
          uri: connectionUri(t.description.name),
          name: t.description.name,
          title: `Connection ${t.description.name}`,
          description: `${t.description.backend} → ${t.description.server} (${t.state.state})`,
          mimeType: 'application/json',
        })),
      }),
      complete: {
        name: async (value) =>
          completeFrom(
            targets.all().map((t) => t.description.name),
            value,
          ),
      },
    }),
    {
      title: 'Connection',
      description:
        'A named connection: state, server, version, operator, capture strategy. Reading does not connect.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const target = named(targets, uri.href, String(variables['name']));
      const session = target.peek();
      const body = {
        connection: target.description.name,
        backend: target.description.backend,
        server: target.description.server,
        ...target.state,
        ...(session ? { live: session.info() } : {}),
        ...(target.signIn ? { signIn: target.signIn.state } : {}),
        isDefault: target.description.name === targets.defaultName,
        ...(viewer?.connection === target.description.name ? { viewerUrl: viewer.url } : {}),
      };
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] };
    },
  );
}

/** The connection a URI names; one that does not exist is -32602 with the URI and the names there are. */
function named(targets: Targets, uri: string, name: string): ConnectionTarget {
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    throw new ResourceNotFoundError(uri, `${uri}: "${name}" is not a valid escaped connection name`);
  }
  try {
    return targets.get(decoded);
  } catch (err) {
    if (err instanceof UnknownTargetError) throw new ResourceNotFoundError(uri, `${uri}: ${err.message}`);
    throw err;
  }
}

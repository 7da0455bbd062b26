/**
 * minecraft-protocol's index (src/index.js) requires its client side too: createClient pulls in
 * prismarine-auth, @azure/msal-node and their dependencies (≈2.6 MB of heap and ≈60 ms of start in the world
 * process), which a server never calls. Before flying-squid loads, the world process puts this facade into
 * require's cache under the index's own path: the same export names, each required from its own file on first
 * use, so that everything (createClient included) still works when asked for.
 */
import { Module, createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Export name → [file under src/, property of that file's exports (none: the whole module)], as
 * minecraft-protocol 1.68's src/index.js assembles them (test/world/server-only-protocol.test.ts compares).
 */
export const PROTOCOL_EXPORTS: Record<string, readonly [file: string, property?: string]> = {
  createClient: ['createClient'],
  createServer: ['createServer'],
  Client: ['client'],
  Server: ['server'],
  states: ['states'],
  createSerializer: ['transforms/serializer', 'createSerializer'],
  createDeserializer: ['transforms/serializer', 'createDeserializer'],
  ping: ['ping'],
  supportedVersions: ['version', 'supportedVersions'],
  defaultVersion: ['version', 'defaultVersion'],
};

/** The facade's exports for the minecraft-protocol whose index file is `indexPath`. */
export function lazyProtocolExports(indexPath: string): Record<string, unknown> {
  const dir = dirname(indexPath);
  const exports: Record<string, unknown> = {};
  for (const [name, [file, property]] of Object.entries(PROTOCOL_EXPORTS)) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      configurable: true,
      get() {
        const loaded = require(join(dir, file)) as Record<string, unknown>;
        const value = property === undefined ? loaded : loaded[property];
        // later reads skip the getter
        Object.defineProperty(exports, name, { value, enumerable: true, configurable: true, writable: true });
        return value;
      },
    });
  }
  return exports;
}

/** Installs the facade for the minecraft-protocol that flying-squid resolves, unless it is loaded already. */
export function installServerOnlyProtocol(): void {
  const indexPath = createRequire(require.resolve('flying-squid')).resolve('minecraft-protocol');
  if (require.cache[indexPath]) return;
  const facade = new Module(indexPath);
  facade.filename = indexPath;
  facade.loaded = true;
  facade.exports = lazyProtocolExports(indexPath);
  require.cache[indexPath] = facade;
}

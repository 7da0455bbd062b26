/**
 * Microsoft sign-in and Realms code loaded only when used. minecraft-protocol's `src/client/microsoftAuth.js`
 * requires prismarine-auth (with @azure/msal-node) and prismarine-realms at its top, so loading mineflayer
 * loads both — about 20 MB resident — although a bot that joins offline, or with a session mcbridge's own
 * sign-in already holds (signin/session-auth.ts), never calls them. serve sits beside a chat client all day.
 *
 * Imported before mineflayer, this module puts a stand-in for each of the two in Node's module cache. Every
 * name taken from a stand-in (`Authflow`, `Titles`, `RealmAPI`, …) loads the real module the first time it is
 * called, constructed or read, and from then on the real module is in the cache: a Microsoft sign-in gets
 * the real classes. Nothing is replaced once the real module is loaded (a test that loaded it first keeps it).
 */
import { createRequire, Module } from 'node:module';

const require = createRequire(import.meta.url);
/** resolved as minecraft-protocol resolves them */
const protocolRequire = createRequire(require.resolve('minecraft-protocol'));

export const DEFERRED_MODULES = ['prismarine-auth', 'prismarine-realms'] as const;

function defer(id: string): void {
  const path = protocolRequire.resolve(id);
  if (require.cache[path]) return;
  let real: Record<string | symbol, unknown> | undefined;
  const load = (): Record<string | symbol, unknown> => {
    if (!real) {
      if (require.cache[path] === standIn) delete require.cache[path];
      real = require(path) as Record<string | symbol, unknown>;
    }
    return real;
  };
  const names = new Map<string | symbol, unknown>();
  /** what `name` is in the real module, taken when first used; works as a class, a function or an object */
  const deferredName = (name: string | symbol): unknown => {
    if (real) return real[name];
    let found = names.get(name);
    if (!found) {
      const value = () => load()[name] as object;
      found = new Proxy(function deferred() {}, {
        apply: (_target, self, args) => Reflect.apply(value() as (...a: unknown[]) => unknown, self, args),
        construct: (_target, args) => Reflect.construct(value() as new (...a: unknown[]) => object, args),
        get: (_target, key) => Reflect.get(value(), key),
        has: (_target, key) => Reflect.has(value(), key),
      });
      names.set(name, found);
    }
    return found;
  };
  const standIn = new Module(path);
  standIn.filename = path;
  standIn.loaded = true;
  standIn.exports = new Proxy({}, { get: (_target, name) => deferredName(name) });
  require.cache[path] = standIn;
}

for (const id of DEFERRED_MODULES) defer(id);

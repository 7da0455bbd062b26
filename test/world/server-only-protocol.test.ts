/** The world's minecraft-protocol facade (src/world/server-only-protocol.ts) against the real index. */
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { lazyProtocolExports } from '../../src/world/server-only-protocol.js';

const require = createRequire(import.meta.url);

test('the facade has exactly the export names of minecraft-protocol, and each is the same object', () => {
  const indexPath = require.resolve('minecraft-protocol');
  const facade = lazyProtocolExports(indexPath);
  const real = require(indexPath) as Record<string, unknown>;
  expect(Object.keys(facade).sort()).toEqual(Object.keys(real).sort());
  for (const name of Object.keys(real)) expect(facade[name], name).toBe(real[name]);
});

test('a facade export is a getter until first read, then a plain value (its file is required once)', () => {
  const indexPath = require.resolve('minecraft-protocol');
  const facade = lazyProtocolExports(indexPath);
  const descriptor = () => Object.getOwnPropertyDescriptor(facade, 'createClient')!;
  expect(descriptor().get).toBeTypeOf('function');
  expect(facade['createClient']).toBeTypeOf('function');
  expect(descriptor().get).toBeUndefined();
  expect(descriptor().value).toBe(facade['createClient']);
});

/**
 * mcbridge as a library: package.json's `main` is the build of src/index.ts, and what it exports runs the
 * command path without MCP — a real embedded world, a real bot, one batch, each command's result.
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import * as mcbridge from '../src/index.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  main: string;
  types: string;
};
let world: mcbridge.WorldHandle | undefined;
let target: mcbridge.ConnectionTarget | undefined;
afterAll(async () => {
  await target?.close();
  await world?.stop();
});

test("package.json's main and types are the build of src/index.ts", () => {
  const { compilerOptions } = JSON.parse(
    readFileSync(new URL('../tsconfig.build.json', import.meta.url), 'utf8'),
  ) as { compilerOptions: { rootDir: string; outDir: string } };
  expect(pkg.main).toBe(`${compilerOptions.outDir}/index.js`);
  expect(pkg.types).toBe(`${compilerOptions.outDir}/index.d.ts`);
  expect(compilerOptions.rootDir).toBe('src');
});

test('the library entry starts a world, connects a bot and reports each command of a batch', async () => {
  world = await mcbridge.startWorld({ ops: ['Librarian'] });
  target = mcbridge.mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'Librarian',
    version: world.version,
  });
  const session = await target.get();
  const place = 'setblock 3 -60 3 minecraft:oak_planks';
  const batch = await mcbridge.executeBatch(session, [place, place]);
  expect(mcbridge.BatchResultSchema.safeParse(batch).success).toBe(true);
  // the second finds the block already there: vanilla's commands.setblock.failed, nothing changed
  expect(batch.results.map((r) => r.status)).toEqual(['applied', 'rejected_by_game']);
  expect(batch.results[1]!.detail).toMatchObject({ key: 'commands.setblock.failed', noChange: true });
  expect(batch.results[0]!.verification?.status).toBe('verified');
  expect(mcbridge.renderBatchText(batch)).toMatch(/already there/i);
});

/**
 * The packet budget belongs to the connection, not the call: a build job's chunks run one after another on
 * the Paper-like world (Paper's 500 packets/s over 7 s enforced) and share one window, so a job far bigger
 * than one window's worth is never kicked. Real world, real bot, real MCP client.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { report, startJobCompanion, tempJobsDir } from '../jobs/helpers.js';

let world: WorldHandle;
let left = 0;
beforeAll(async () => {
  world = await startWorld({ ops: ['JobBot'], paperLike: true });
  world.on('player-left', () => left++);
});
afterAll(async () => {
  await world?.stop();
});

test('a 4,000-step build job in chunks of 500 shares the connection budget: 0 kicks, every step applied', async () => {
  const c = await startJobCompanion({
    host: world.host,
    port: world.port,
    username: 'JobBot',
    dir: await tempJobsDir(),
  });
  try {
    const session = await c.target.get();
    const p = session.channel.executorPosition()!;
    const o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 3 };
    const commands = Array.from(
      { length: 4000 },
      (_, i) =>
        `setblock ${o.x + (i % 20)} ${o.y + Math.floor(i / 400)} ${o.z + (Math.floor(i / 20) % 20)} minecraft:stone`,
    );
    // one window holds 3,150 of our packets: 4,000 steps cannot go out in one burst without a kick
    const { id } = report(await c.call('start_build_job', { name: 'paced job', commands, chunkSize: 500 }));
    let done = report(await c.call('get_build_job', { id, waitSeconds: 60 }));
    for (let i = 0; i < 4 && done.status !== 'completed'; i++)
      done = report(await c.call('get_build_job', { id, waitSeconds: 60 }));
    expect(done).toMatchObject({ status: 'completed', doneSteps: 4000 });
    expect(done.counts['applied']).toBe(4000);
    expect(left).toBe(0);
    expect(c.target.connects).toBe(1);
    expect(session.channel.packetLog!.total).toBeGreaterThan(3500); // more than one window's limit went out
  } finally {
    await c.close();
  }
});

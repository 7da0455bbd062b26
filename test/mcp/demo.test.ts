/** `mcbridge demo` end to end: a furnished room through MCP, hints followed, everything verified, a picture. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { expect, test } from 'vitest';
import { runDemo } from '../../src/cli/demo-run.js';
import { logger } from '../../src/vocabulary/logger.js';

test('the demo builds, follows the door/window/light hints, verifies and renders room.png', async () => {
  const imagePath = join(mkdtempSync(join(tmpdir(), 'mcbridge-demo-')), 'room.png');
  const said: string[] = [];
  const report = await runDemo({
    imagePath,
    log: logger.child({}, { level: 'silent' }),
    say: (l) => said.push(l),
  });
  expect(report.ok).toBe(true);
  expect(report.followed).toEqual(expect.arrayContaining(['add_door', 'add_window', 'add_light']));
  for (const b of report.batches) {
    expect(b.mismatched).toBe(0);
    expect(b.statuses['applied']).toBeGreaterThan(0);
    // regression: compact results count a fully read-back write in verifiedCount only; the demo said 0
    expect(b.verified).toBe(b.statuses['applied']);
  }
  expect(said[0]).toMatch(/127\.0\.0\.1:\d+/);
  const png = PNG.sync.read(readFileSync(imagePath));
  expect(png.width).toBeGreaterThan(100);
});

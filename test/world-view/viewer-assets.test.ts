/** Which textures the viewer page uses for a server version, and the patches to prismarine-viewer's page script and worker. */
import { expect, test } from 'vitest';
import {
  assetVersionFor,
  patchedIndexScript,
  patchedWorkerScript,
  SHIPPED_VERSIONS,
} from '../../src/viewer/assets.js';
import { viewerPage } from '../../src/viewer/page.js';
import { viewerStatus } from '../../src/viewer/server.js';

test('prismarine-viewer 1.33.0 ships block states and textures up to 1.21.4', () => {
  expect(SHIPPED_VERSIONS.at(-1)).toBe('1.21.4');
  expect(SHIPPED_VERSIONS).toContain('1.20.1');
});

test.each([
  ['1.21.4', '1.21.4', false],
  ['1.21.11', '1.21.4', true],
  ['26.1.2', '1.21.4', true],
  ['1.20.4', '1.20.1', true],
  ['1.21.1', '1.21.1', false],
])('a %s server is shown with %s textures (substituted: %s)', (server, shown, substituted) => {
  expect(assetVersionFor(server)).toEqual({ shown, substituted });
});

test('the status of a newer server tells the page which version it is drawn with', () => {
  const bot = { version: '1.21.11', username: 'B', entity: { position: { x: 1.5, y: -60, z: 2.2 } } };
  const status = viewerStatus({ bot: bot as never, generation: 3, reason: undefined });
  expect(status).toMatchObject({
    server: '1.21.11',
    shown: '1.21.4',
    substituted: true,
    position: '1 -60 2',
  });
  // the page writes the substitution out in words
  expect(viewerPage()).toContain('the nearest version prismarine-viewer 1.33.0 ships');
});

test('the page script exposes the viewer and aims the camera at bots below y=0 (superflat worlds)', () => {
  const script = patchedIndexScript();
  expect(script).toContain('window.__pv={viewer:u');
  expect(script).not.toContain('t.y>0&&s&&(h.target.set(');
});

test('the page script hands every bot position to the page, and the mesher insets its texture coordinates', () => {
  expect(patchedIndexScript()).toContain('window.mcbridgeOnPosition&&window.mcbridgeOnPosition(t)');
  const worker = patchedWorkerScript();
  expect(worker).toContain('s.uvs.push((l*.9921875+.00390625)*C+N');
  expect(worker).not.toContain('s.uvs.push(l*C+N,o*j+T)');
});

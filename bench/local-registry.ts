/**
 * An npm registry on loopback that serves one package from its tarball, the way the npm registry serves a
 * published one (a packument whose version carries the tarball's package.json and its `dist` address and
 * integrity), and passes every other request to the npm registry. With it, `npx -y mcbridge` installs the way a
 * user's does: npm reads the manifest from the packument and unpacks the tarball once, where `npx -p <tarball>`
 * unpacks it to read its package.json first.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';

const UPSTREAM = 'https://registry.npmjs.org';

export interface LocalRegistry {
  url: string;
  close(): Promise<void>;
}

export async function serveTarball(tarball: string): Promise<LocalRegistry> {
  const bytes = readFileSync(tarball);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  ) as { name: string; version: string };
  const file = basename(tarball);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (path === `/${manifest.name}`) {
      const version = {
        ...manifest,
        _id: `${manifest.name}@${manifest.version}`,
        dist: {
          tarball: `${base}/${manifest.name}/-/${file}`,
          integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
          shasum: createHash('sha1').update(bytes).digest('hex'),
        },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          name: manifest.name,
          'dist-tags': { latest: manifest.version },
          versions: { [manifest.version]: version },
        }),
      );
    } else if (path === `/${manifest.name}/-/${file}`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.end(bytes);
    } else {
      // every other package as the npm registry has it
      fetch(`${UPSTREAM}${req.url ?? '/'}`, { headers: { accept: req.headers.accept ?? '*/*' } })
        .then(async (upstream) => {
          res.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch((err: Error) => {
          res.writeHead(502);
          res.end(err.message);
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

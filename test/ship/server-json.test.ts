/**
 * server.json, the MCP registry's entry, against the registry's published schema 2025-12-11
 * (test/fixtures/registry/server.schema.2025-12-11.json: https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json,
 * from github.com/modelcontextprotocol/static, schemas/2025-12-11/server.schema.json at a9ba437d9fbbe92076a24b20d56449ac7c7786ac),
 * and in step with package.json: the same name as its mcpName, the same version, the flags mcbridge has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const schema = read('test/fixtures/registry/server.schema.2025-12-11.json');
const server = read('server.json');
const pkg = read('package.json') as { name: string; version: string; mcpName: string };
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

interface NpmPackage {
  registryType: string;
  identifier: string;
  version: string;
  transport: { type: string };
  packageArguments: Array<{ type: string; name?: string; value?: string }>;
}

function validator() {
  // draft-07, as the schema says; `example` is an annotation the registry's generator writes
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

test('the fixture is the registry schema 2025-12-11', () => {
  expect(schema['$id']).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
  expect(server['$schema']).toBe(schema['$id']);
});

test('server.json validates against the registry schema, and a broken one does not', () => {
  const validate = validator();
  expect(validate(server), JSON.stringify(validate.errors, null, 2)).toBe(true);
  // the check can fail: a name without its namespace, and a package version "latest", are refused
  expect(validate({ ...server, name: 'mcbridge' })).toBe(false);
  const [npm] = server['packages'] as NpmPackage[];
  expect(validate({ ...server, packages: [{ ...npm, version: 'latest' }] })).toBe(false);
});

test("server.json is the npm package's entry: name = mcpName, versions = package.json's, stdio", () => {
  expect(server['name']).toBe(pkg.mcpName);
  expect(pkg.mcpName).toMatch(/^io\.github\.[\w-]+\/mcbridge$/);
  expect(server['version']).toBe(pkg.version);
  const packages = server['packages'] as NpmPackage[];
  expect(packages).toHaveLength(1);
  const [npm] = packages;
  expect(npm).toMatchObject({ registryType: 'npm', identifier: pkg.name, version: pkg.version });
  expect(npm!.transport).toEqual({ type: 'stdio' });
});

test("server.json's arguments are `serve` and flags serve has: embedded, host, port, username, auth", () => {
  const [npm] = server['packages'] as NpmPackage[];
  const [first, ...named] = npm!.packageArguments;
  expect(first).toMatchObject({ type: 'positional', value: 'serve' });
  const serve = buildProgram().commands.find((c) => c.name() === 'serve')!;
  const flags = new Set(serve.options.map((o) => o.long));
  const names = named.map((a) => a.name!);
  expect(names.sort()).toEqual(['--auth', '--embedded', '--host', '--port', '--username']);
  expect(names.filter((n) => !flags.has(n))).toEqual([]);
});

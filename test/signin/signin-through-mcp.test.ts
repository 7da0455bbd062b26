/**
 * Microsoft sign-in from an MCP client, against the embedded world. Microsoft's service cannot be reached from
 * here, so the one part that talks to it — prismarine-auth's token flow — is replaced by a flow whose
 * callbacks this test drives (the device code, then the profile); everything around it is real: the
 * sign-in state machine, the token files, the mineflayer join with the session, the MCP server, logging
 * notifications and URL-mode elicitation through the SDK's real Client.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { type CreateFlow, MicrosoftSignIn } from '../../src/signin/microsoft.js';
import { TokenStore } from '../../src/signin/token-cache.js';
import { StructureStore } from '../../src/structures/store.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

/** A stand-in for prismarine-auth's flow: asks for a device code, then waits until the test "signs in". */
function drivenFlow() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const signedIn = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const cachesTouched: string[] = [];
  const create: CreateFlow = (_account, cache, onCode) => ({
    async getMinecraftJavaToken() {
      // a real flow writes its tokens through the cache it was given
      const msa = cache({ cacheName: 'live', username: _account });
      onCode({ user_code: 'ABCD-1234', verification_uri: 'https://www.microsoft.com/link', expires_in: 900 });
      await signedIn;
      await msa.setCached({ token: 'secret' });
      cachesTouched.push(msa.path);
      return {
        token: 'minecraft-access-token',
        profile: { id: '0123456789abcdef0123456789abcdef', name: 'SignedBot' },
      };
    },
  });
  return { create, finish: () => finish(), fail: (err: Error) => fail(err), cachesTouched };
}

let world: WorldHandle;
beforeAll(async () => {
  world = await startWorld({ ops: ['SignedBot'] });
});
afterAll(async () => {
  await world?.stop();
});

describe('a connection that needs a Microsoft sign-in', () => {
  test('answers at once with the URL and code, offers them by elicitation and logging, then connects once signed in', async () => {
    const flow = drivenFlow();
    const store = new TokenStore(join(mkdtempSync(join(tmpdir(), 'mcbridge-auth-')), 'auth'));
    const signIn = new MicrosoftSignIn({ account: 'builder@example.com', store, createFlow: flow.create });
    const target = mineflayerTarget({
      host: world.host,
      port: world.port,
      username: 'builder@example.com',
      version: world.version,
      auth: 'microsoft',
      signIn,
    });
    const targets = new Targets([target]);
    const server = createServer({
      targets,
      log: logger.child({}, { level: 'silent' }),
      safety: defaultSafetyConfig,
      structures: new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-structures-'))),
    });
    const client = new Client(
      { name: 'signin-test', version: '0' },
      { capabilities: { elicitation: { url: {}, form: {} } } },
    );
    const logged: Array<{ event?: string; message?: string }> = [];
    const elicitations: Array<{ url?: string; message?: string; mode?: string }> = [];
    client.setNotificationHandler('notifications/message', (n) => {
      logged.push(n.params.data as { event?: string });
    });
    client.setRequestHandler('elicitation/create', (request) => {
      elicitations.push(request.params as { url?: string });
      return { action: 'accept' };
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const first = (await client.callTool({
        name: 'execute_commands',
        arguments: { commands: ['setblock ~2 ~ ~2 minecraft:stone'] },
      })) as CallToolResult;
      expect(first.isError).toBe(true);
      const text = (first.content[0] as { text: string }).text;
      expect(text).toContain('https://www.microsoft.com/link');
      expect(text).toContain('ABCD-1234');
      expect(text).toMatch(/call the tool again/);

      const info = (await client.callTool({ name: 'get_connection_info', arguments: {} })) as CallToolResult;
      expect(info.isError).toBeFalsy();
      expect(info.structuredContent).toMatchObject({
        signInMode: 'microsoft',
        signIn: { state: 'waiting_for_code', code: 'ABCD-1234', url: 'https://www.microsoft.com/link' },
      });
      expect((info.content[0] as { text: string }).text).toContain('WAITING FOR MICROSOFT SIGN-IN');

      await expect.poll(() => elicitations.length).toBe(1);
      expect(elicitations[0]).toMatchObject({ mode: 'url', url: 'https://www.microsoft.com/link' });
      expect(elicitations[0]!.message).toContain('ABCD-1234');
      await expect.poll(() => logged.map((l) => l.event)).toContain('signin_needed');

      // the person enters the code: the connection is made without another tool call
      flow.finish();
      await expect.poll(() => logged.map((l) => l.event), { timeout: 120_000 }).toContain('connected');
      expect(logged.map((l) => l.event)).toContain('signed_in');
      expect(logged.find((l) => l.event === 'connected')!.message).toMatch(/as SignedBot at -?\d/);

      const after = (await client.callTool({ name: 'get_connection_info', arguments: {} })) as CallToolResult;
      expect(after.structuredContent).toMatchObject({
        state: 'ready',
        username: 'SignedBot',
        signInMode: 'microsoft',
        signIn: { state: 'signed_in', username: 'SignedBot' },
      });
      expect((after.content[0] as { text: string }).text).toContain(
        'signs in: with a Microsoft account (signed in as SignedBot)',
      );
      const batch = (await client.callTool({
        name: 'execute_commands',
        arguments: { commands: ['setblock ~2 ~ ~2 minecraft:stone'] },
      })) as CallToolResult;
      expect((batch.structuredContent as unknown as BatchResult).results[0]!.status).toBe('applied');

      // tokens were written by the flow through mcbridge's cache: readable by the owner only
      expect(flow.cachesTouched).toHaveLength(1);
      expect(statSync(flow.cachesTouched[0]!).mode & 0o777).toBe(0o600);
      expect(statSync(store.dir).mode & 0o777).toBe(0o700);
      expect(signIn.signOut()).toBe(1);
      expect(store.files('builder@example.com')).toEqual([]);
    } finally {
      await client.close();
      await targets.closeAll();
    }
  }, 180_000);
});

describe('sign-in failures name their cause in one line', () => {
  const failing =
    (err: Error | 'no-profile'): CreateFlow =>
    () => ({
      async getMinecraftJavaToken() {
        if (err === 'no-profile')
          return { token: 't', profile: { error: 'NOT_FOUND', errorMessage: 'not found' } };
        throw err;
      },
    });
  test.each([
    [
      Object.assign(new Error('getaddrinfo ENOTFOUND login.live.com'), { code: 'ENOTFOUND' }),
      'no_network',
      /cannot reach Microsoft/,
    ],
    [new Error('Authentication failed, timed out'), 'code_expired', /code expired/],
    ['no-profile' as const, 'no_minecraft', /no Minecraft Java Edition profile/],
  ])('%s → %s', async (err, kind, message) => {
    const store = new TokenStore(mkdtempSync(join(tmpdir(), 'mcbridge-auth-')));
    const signIn = new MicrosoftSignIn({ account: 'someone', store, createFlow: failing(err) });
    const failure = (await signIn.ready().then(
      () => new Error('signed in'),
      (e: unknown) => e,
    )) as Error & { kind: string };
    expect(failure).toMatchObject({ name: 'SignInError', kind });
    expect(failure.message).toMatch(message);
    expect(failure.message.split('\n')).toHaveLength(1);
    expect(signIn.state).toMatchObject({ state: 'failed' });
  });
});

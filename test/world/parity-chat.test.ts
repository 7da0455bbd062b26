/**
 * say, me and msg/tell/w reach players the way vanilla 1.21.4 sends them for an unsigned command
 * (server/commands/SayCommand.java, EmoteCommands.java, MsgCommand.java; MessageArgument.resolveChatMessage →
 * a system PlayerChatMessage → disguised chat): chat type, sender display name, target name, no feedback.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

interface Disguised {
  message: unknown;
  type: { chatType: number };
  name: unknown;
  target?: unknown;
}

let world: WorldHandle;
let op: TestBot;
let other: TestBot;
const received = new Map<TestBot, Disguised[]>();
const texts = new Map<TestBot, string[]>();

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });

function record(t: TestBot): void {
  const packets: Disguised[] = [];
  const lines: string[] = [];
  received.set(t, packets);
  texts.set(t, lines);
  (t.bot._client as unknown as NodeJS.EventEmitter).on('profileless_chat', (p: Disguised) => packets.push(p));
  t.bot.on('message', (m, position) => {
    if (position === 'chat') lines.push(m.toString());
  });
}

/** the NBT root of a component as it came off the wire, simplified to JSON */
const nbtText = (tag: unknown) => {
  const t = tag as { type: string; value: string | { text: { value: string } } };
  return typeof t.value === 'string' ? t.value : t.value.text.value;
};

beforeAll(async () => {
  world = await startWorld({ ops: ['Chatter'] });
  op = await joinBot(world.host, world.port, 'Chatter');
  other = await joinBot(world.host, world.port, 'Listener');
  record(op);
  record(other);
});

afterAll(async () => {
  await other?.quit();
  await op?.quit();
  await world?.stop();
});

const clear = () => {
  for (const list of [...received.values(), ...texts.values()]) list.length = 0;
};

describe('say and me', () => {
  test('say: no feedback line; every player gets say_command chat from the sender', async () => {
    clear();
    const [lines] = await runFenced(op, ['say hello world']);
    expect(lines).toEqual([]);
    await other.waitForLine((l) => l.text.includes('hello world'));
    for (const t of [op, other]) {
      const [packet] = received.get(t)!;
      expect(packet?.type).toEqual({ chatType: 4 });
      expect(nbtText(packet?.message)).toBe('hello world');
      expect(nbtText(packet?.name)).toBe('Chatter');
      expect(packet?.target).toBeUndefined();
    }
    expect(texts.get(other)).toEqual(['[Chatter] hello world']);
  });

  test('the sender name carries the /tell click and the show_entity hover', async () => {
    clear();
    await runFenced(op, ['say x']);
    await other.waitForLine((l) => l.text === '[Chatter] x');
    const name = received.get(op)![0]!.name as { value: Record<string, { value: unknown }> };
    expect(name.value['insertion']?.value).toBe('Chatter');
    const click = name.value['clickEvent']?.value as Record<string, { value: string }>;
    expect(click['action']?.value).toBe('suggest_command');
    expect(click['value']?.value).toBe('/tell Chatter ');
    const hover = name.value['hoverEvent']?.value as Record<string, { value: unknown }>;
    expect(hover['action']?.value).toBe('show_entity');
  });

  test('me is emote_command chat: "* Chatter waves"', async () => {
    clear();
    await runFenced(op, ['me waves']);
    await other.waitForLine((l) => l.text.includes('waves'));
    expect(received.get(other)![0]!.type).toEqual({ chatType: 1 });
    expect(texts.get(other)).toEqual(['* Chatter waves']);
  });

  test('an operator’s @a in the message becomes the player names', async () => {
    clear();
    await runFenced(op, ['say hi @a!']);
    await other.waitForLine((l) => l.text.includes('hi '));
    expect(texts.get(other)).toEqual(['[Chatter] hi Chatter, Listener!']);
  });

  test('say without a message is command.unknown.command at the end; over 256 characters is argument.message.too_long', async () => {
    const [missing, long] = await runFenced(op, ['say', `say ${'a'.repeat(257)}`]);
    expect(missing[0]).toEqual(red({ translate: 'command.unknown.command' }));
    expect(missing).toHaveLength(2);
    expect(long).toEqual([red({ translate: 'argument.message.too_long', with: [257, 256] })]);
  });
});

describe('msg, tell, w', () => {
  test('the sender gets msg_command_outgoing naming the target; the target gets msg_command_incoming', async () => {
    clear();
    const [lines] = await runFenced(op, ['msg Listener psst']);
    expect(lines).toEqual([]);
    await other.waitForLine((l) => l.text.includes('psst'));
    const [out] = received.get(op)!;
    expect(out?.type).toEqual({ chatType: 3 });
    expect(nbtText(out?.target)).toBe('Listener');
    const [incoming] = received.get(other)!;
    expect(incoming?.type).toEqual({ chatType: 2 });
    expect(nbtText(incoming?.name)).toBe('Chatter');
    expect(texts.get(other)).toEqual(['Chatter whispers to you: psst']);
    expect(texts.get(op)).toEqual(['You whisper to Listener: psst']);
  });

  test('tell and w are the same command; a missing player is argument.entity.notfound.player', async () => {
    clear();
    const [tell, w, nobody] = await runFenced(op, ['tell Listener a', 'w Listener b', 'msg Nobody c']);
    expect(tell).toEqual([]);
    expect(w).toEqual([]);
    expect(nobody).toEqual([red({ translate: 'argument.entity.notfound.player' })]);
    await other.waitForLine((l) => l.text.endsWith(': b'));
    expect(received.get(other)!.map((p) => p.type.chatType)).toEqual([2, 2]);
  });

  test('a non-operator may whisper and emote, but not say', async () => {
    clear();
    other.bot.chat('/msg Chatter hi back');
    other.bot.chat('/me nods');
    other.bot.chat('/say loud');
    await other.waitForLine(
      (l) =>
        (l.json as { extra?: Array<{ translate?: string }> })?.extra?.[0]?.translate ===
        'command.unknown.command',
    );
    await op.waitForLine((l) => l.text.includes('nods'));
    expect(texts.get(op)).toEqual(['Listener whispers to you: hi back', '* Listener nods']);
  });
});

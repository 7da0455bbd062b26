/** One row per message shape → the status, applied and detail classifyOutcome gives it. */
import { describe, expect, test } from 'vitest';
import type { CapturedMessage, TextComponent } from '../../src/capture/message.js';
import {
  type ClassifyContext,
  classifyOutcome,
  contextCommand,
  findTranslateKeys,
  formatTemplate,
  isContextLine,
  isRedWrapped,
  languageFor,
  normalizeComponent,
  renderPlainText,
  resolveLanguageVersion,
  silenceOf,
} from '../../src/outcome/index.js';
import { OutcomeDetailSchema } from '../../src/results/schema.js';

const lang = languageFor('1.21.4');
const line = (component: TextComponent, text?: string): CapturedMessage => ({
  component,
  text: text ?? renderPlainText(normalizeComponent(component), lang),
  overlay: false,
});
const t = (key: string, ...args: TextComponent[]) =>
  args.length ? { translate: key, with: args } : { translate: key };
/** vanilla's sendFailure wrapper */
const red = (inner: TextComponent) => ({ text: '', color: 'red', extra: [inner] });
/** the second line of a parse error (Commands.performCommand) */
const here = (command: string, cursor: number) =>
  red({
    text: '',
    color: 'gray',
    clickEvent: { action: 'suggest_command', value: `/${command}` },
    extra: [
      command.slice(0, cursor),
      { text: command.slice(cursor), color: 'red', underlined: true },
      { translate: 'command.context.here', color: 'red', italic: true },
    ],
  });

type Row = [
  name: string,
  ctx: Partial<ClassifyContext> & { command: string },
  expected: { status: string; applied: boolean | null; detail?: Record<string, unknown>; summary?: RegExp },
];

const rows: Row[] = [
  [
    'fill success, numeric arg',
    { command: 'fill 0 64 0 2 66 2 stone', messages: [line(t('commands.fill.success', 27))] },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.fill.success', args: ['27'] },
      summary: /^Successfully filled 27 block\(s\)$/,
    },
  ],
  [
    'fill success, NBT-wrapped {"":27} arg',
    {
      command: 'fill 0 64 0 2 66 2 stone',
      messages: [line(t('commands.fill.success', { '': 27 } as TextComponent))],
    },
    { status: 'applied', applied: true, detail: { key: 'commands.fill.success', args: ['27'] } },
  ],
  [
    'fill success, string arg',
    { command: 'fill 0 64 0 2 66 2 stone', messages: [line(t('commands.fill.success', '27'))] },
    { status: 'applied', applied: true, detail: { args: ['27'] } },
  ],
  [
    'setblock success, component args',
    {
      command: 'setblock 1 2 3 stone',
      messages: [line(t('commands.setblock.success', { text: '1' }, { '': 2 } as TextComponent, 3))],
    },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.setblock.success', args: ['1', '2', '3'] },
      summary: /Changed the block at 1, 2, 3/,
    },
  ],
  [
    'clone success',
    { command: 'clone 0 0 0 1 1 1 5 5 5', messages: [line(t('commands.clone.success', 8))] },
    { status: 'applied', applied: true, detail: { key: 'commands.clone.success' } },
  ],
  [
    'gamerule query is applied (read-only)',
    {
      command: 'gamerule doDaylightCycle',
      messages: [line(t('commands.gamerule.query', 'doDaylightCycle', 'true'))],
    },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.gamerule.query', args: ['doDaylightCycle', 'true'] },
    },
  ],
  [
    'fill failed → nothing changed',
    { command: 'fill 0 64 0 2 66 2 stone', messages: [line(red(t('commands.fill.failed')))] },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.fill.failed', noChange: true },
      summary: /^Nothing changed/,
    },
  ],
  [
    'setblock failed → the block is already there',
    { command: 'setblock 1 2 3 stone', messages: [line(red(t('commands.setblock.failed')))] },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.setblock.failed', noChange: true },
      summary: /^Nothing changed: the block is already there$/,
    },
  ],
  [
    'fill toobig',
    {
      command: 'fill 0 0 0 100 100 100 stone',
      messages: [line(red(t('commands.fill.toobig', 32768, 1030301)))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.fill.toobig', args: ['32768', '1030301'] },
      summary: /maximum 32768, (but)?specified 1030301/,
    },
  ],
  [
    'clone overlap',
    { command: 'clone 0 0 0 5 5 5 1 1 1', messages: [line(red(t('commands.clone.overlap')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.clone.overlap' } },
  ],
  [
    'parse error pair: unknown command + context line',
    {
      command: 'setblok 1 2 3 stone',
      messages: [line(red(t('command.unknown.command'))), line(here('setblok 1 2 3 stone', 0))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'command.unknown.command' },
      summary: /^Unknown or incomplete command.*<--\[HERE\] in "setblok 1 2 3 stone<--\[HERE\]"$/,
    },
  ],
  [
    'parse error pair: unknown block id',
    {
      command: 'setblock 1 2 3 stonee',
      messages: [
        line(red(t('argument.block.id.invalid', 'minecraft:stonee'))),
        line(here('setblock 1 2 3 stonee', 21)),
      ],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'argument.block.id.invalid', args: ['minecraft:stonee'] },
      summary: /Unknown block type 'minecraft:stonee'/,
    },
  ],
  [
    'parse error pair: trailing data',
    {
      command: 'setblock 1 2 3 stone x',
      messages: [line(red(t('command.expected.separator'))), line(here('setblock 1 2 3 stone x', 20))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'command.expected.separator' } },
  ],
  [
    'parsing.int.invalid',
    {
      command: 'setblock a 2 3 stone',
      messages: [line(red(t('parsing.int.invalid', 'a'))), line(here('setblock a 2 3 stone', 9))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'parsing.int.invalid', args: ['a'] } },
  ],
  [
    'unloaded position',
    { command: 'setblock 9999 64 9999 stone', messages: [line(red(t('argument.pos.unloaded')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'argument.pos.unloaded' } },
  ],
  [
    'command.failed → execution_error (nobody can tell what applied)',
    {
      command: 'fill 0 0 0 1 1 1 stone',
      messages: [
        line(
          red({
            translate: 'command.failed',
            hoverEvent: { action: 'show_text', contents: 'java.lang.NullPointerException' },
          }),
        ),
      ],
    },
    {
      status: 'execution_error',
      applied: null,
      detail: { key: 'command.failed' },
      summary: /internal error/,
    },
  ],
  [
    'permissions.requires.player',
    { command: 'tp ~ ~1 ~', messages: [line(red(t('permissions.requires.player')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'permissions.requires.player' } },
  ],
  [
    'lack of permission looks like unknown command',
    { command: 'op Steve', messages: [line(red(t('command.unknown.command'))), line(here('op Steve', 0))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'command.unknown.command' } },
  ],
  [
    '"Nothing changed" family: op failed',
    { command: 'op Steve', messages: [line(red(t('commands.op.failed')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.op.failed', noChange: true } },
  ],
  [
    'failure not named failed: conditional fail',
    {
      command: 'execute if block 0 0 0 stone',
      messages: [line(red(t('commands.execute.conditional.fail')))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.execute.conditional.fail' } },
  ],
  [
    'server I/O failure is an execution_error',
    { command: 'save-all', messages: [line(red(t('commands.save.failed')))] },
    { status: 'execution_error', applied: null, detail: { key: 'commands.save.failed' } },
  ],
  [
    'red-wrapped unknown key → rejected',
    { command: 'mod thing', messages: [line(red(t('mod.some.error')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'mod.some.error' } },
  ],
  [
    'bare unknown key → applied',
    { command: 'mod thing', messages: [line(t('mod.some.message', 'x'))] },
    { status: 'applied', applied: true, detail: { key: 'mod.some.message', args: ['x'] } },
  ],
  [
    'red-at-root style (no empty wrapper) still counts as failure',
    { command: 'mod thing', messages: [line({ translate: 'mod.other', color: 'red' })] },
    { status: 'rejected_by_game', applied: false },
  ],
  [
    'a success key sent in red is a rejection (failure evidence wins)',
    { command: 'fill 0 0 0 1 1 1 stone', messages: [line(red(t('commands.fill.success', 8)))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.fill.success' } },
  ],
  [
    'most severe line wins: success then command.failed',
    {
      command: 'function a:b',
      messages: [line(t('commands.fill.success', 8)), line(red(t('command.failed')))],
    },
    { status: 'execution_error', applied: null, detail: { key: 'command.failed' } },
  ],
  [
    'most severe line wins: success and rejection',
    {
      command: 'x',
      messages: [line(t('commands.setblock.success', 1, 2, 3)), line(red(t('commands.setblock.failed')))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.setblock.failed', noChange: true },
    },
  ],
  [
    'overlay lines never decide',
    {
      command: 'setblock 1 2 3 stone',
      messages: [
        { ...line(red(t('commands.setblock.failed'))), overlay: true },
        line(t('commands.setblock.success', 1, 2, 3)),
      ],
    },
    { status: 'applied', applied: true },
  ],
  // silence
  [
    'no message, feedback on → unknown',
    { command: 'setblock 1 2 3 stone', messages: [] },
    { status: 'unknown', applied: null, summary: /No reply/ },
  ],
  [
    'no message, feedback off → applied (inferred)',
    { command: 'setblock 1 2 3 stone', messages: [], feedbackEnabled: false },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'tellraw silent by design',
    { command: 'tellraw @a "hi"', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'say silent by design',
    { command: 'say hello', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'msg / tell / w silent by design',
    { command: 'w Steve hi', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'teammsg alias tm silent by design',
    { command: '/tm hi', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'namespaced minecraft:tellraw silent by design',
    { command: 'minecraft:tellraw @s "hi"', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'execute positioned … run tellraw: errors still show → inferred',
    { command: 'execute positioned 0 64 0 run tellraw @a "x"', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'execute as … run tellraw: silence proves nothing',
    { command: 'execute as @a run tellraw @s "x"', messages: [] },
    { status: 'unknown', applied: null },
  ],
  [
    'execute as … run setblock, feedback off: silence proves nothing',
    { command: 'execute as @a at @s run setblock ~ ~ ~ stone', messages: [], feedbackEnabled: false },
    { status: 'unknown', applied: null },
  ],
  [
    'execute if … run setblock: silence proves nothing',
    { command: 'execute if block 0 0 0 air run setblock 0 0 0 stone', messages: [] },
    { status: 'unknown', applied: null },
  ],
  [
    'execute in … run setblock, feedback off → inferred',
    {
      command: 'execute in minecraft:overworld run setblock 0 0 0 stone',
      messages: [],
      feedbackEnabled: false,
    },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'tellraw that printed a red line is still done',
    {
      command: 'tellraw @s {"text":"warning","color":"red"}',
      messages: [line({ text: 'warning', color: 'red' })],
    },
    { status: 'applied', applied: true, summary: /printed "warning"/ },
  ],
  [
    'tellraw with a JSON parse error is rejected',
    {
      command: 'tellraw @s {bad',
      messages: [line(red(t('argument.component.invalid', 'x'))), line(here('tellraw @s {bad', 11))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'argument.component.invalid' } },
  ],
  [
    'execute summon of an unsummonable type before a silent command is rejected, not printed content',
    {
      command: 'execute summon minecraft:player run say x',
      messages: [line(red(t('entity.not_summonable', 'minecraft:player')))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'entity.not_summonable' } },
  ],
  // plain text (servers without keys)
  [
    // decision: stock flying-squid's "Command not found" means the command was refused — rejected, not
    // unknown; at 1.20.3+ (NBT chat) it arrives with its `&c` code as literal text (faults.test.ts sees it live)
    'flying-squid 1.21.4 "&cCommand not found" (literal & code, NBT chat)',
    {
      command: 'notacommand',
      messages: [line({ text: '&cCommand not found' }, '&cCommand not found')],
      plainText: { colourMeaningful: false },
    },
    { status: 'rejected_by_game', applied: false, detail: { matchedText: 'Command not found' } },
  ],
  [
    'a keyed (vanilla) server keeps "&c" as text: vanilla never interprets & codes',
    {
      command: 'setblock 1 2 3 stone',
      messages: [line({ text: '', color: 'red', extra: [{ text: '&cnot a colour' }] })],
    },
    { status: 'rejected_by_game', applied: false, summary: /&cnot a colour/ },
  ],
  [
    'flying-squid "Command not found" (JSON chat before 1.20.3: & codes converted to colours)',
    {
      command: 'fill 0 0 0 1 1 1 stone',
      messages: [line({ text: '', extra: [{ text: 'Command not found', color: 'red' }] })],
      plainText: { colourMeaningful: false },
    },
    { status: 'rejected_by_game', applied: false, detail: { matchedText: 'Command not found' } },
  ],
  [
    'flying-squid "Usage: …"',
    {
      command: 'tp x',
      messages: [line({ text: '', extra: [{ text: 'Usage: /tp [target] <destination>', color: 'red' }] })],
      plainText: { colourMeaningful: false },
    },
    { status: 'rejected_by_game', applied: false, detail: { matchedText: 'Usage: …' } },
  ],
  [
    'flying-squid "Error: …"',
    {
      command: 'give x',
      messages: [line('§cError: Player not found', '§cError: Player not found')],
      plainText: { colourMeaningful: false },
    },
    { status: 'rejected_by_game', applied: false },
  ],
  [
    'plain text success matched to its template, red ignored',
    {
      command: 'setblock 1 2 3 stone',
      messages: [line({ text: 'Changed the block at 1, 2, 3', color: 'red' })],
      plainText: { colourMeaningful: false },
    },
    {
      status: 'applied',
      applied: true,
      detail: {
        key: 'commands.setblock.success',
        args: ['1', '2', '3'],
        matchedText: 'Changed the block at %s, %s, %s',
      },
    },
  ],
  [
    'plain text noChange matched to its template',
    {
      command: 'fill 0 0 0 1 1 1 stone',
      messages: [line({ text: 'No blocks were filled', color: 'red' })],
      plainText: { colourMeaningful: true },
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.fill.failed', noChange: true } },
  ],
  [
    'plain text, red meaningful, no template → rejected',
    {
      command: 'x',
      messages: [line({ text: 'Something went wrong', color: 'red' })],
      plainText: { colourMeaningful: true },
    },
    { status: 'rejected_by_game', applied: false },
  ],
  [
    'plain text, colour meaningless, no template → unknown with the text',
    {
      command: 'gamemode creative',
      messages: [line({ text: 'Gamemode set to creative', color: 'red' })],
      plainText: { colourMeaningful: false },
    },
    { status: 'unknown', applied: null, summary: /Gamemode set to creative/ },
  ],
  [
    'plain text, not red, no template → unknown',
    { command: 'x', messages: [line('Hello there')], plainText: { colourMeaningful: true } },
    { status: 'unknown', applied: null },
  ],
  [
    'plain text with positional args %1$s',
    {
      command: 'function a:b',
      messages: [line("Function 'a:b' returned 5")],
      plainText: { colourMeaningful: true },
    },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.function.success.single.result', args: ['5', 'a:b'] },
    },
  ],
  [
    'keyed server, keyless white line (e.g. Spigot) → unknown, never guessed applied',
    { command: 'foo', messages: [line('Unknown command. Type "/help" for help.')] },
    { status: 'unknown', applied: null },
  ],
];

describe('classifyOutcome', () => {
  test.each(rows)('%s', (_name, ctx, expected) => {
    const out = classifyOutcome({ feedbackEnabled: true, messages: [], version: '1.21.4', ...ctx });
    expect(out.status).toBe(expected.status);
    expect(out.applied).toBe(expected.applied);
    if (expected.detail) expect(out.detail).toMatchObject(expected.detail);
    if (expected.summary) expect(out.summary).toMatch(expected.summary);
    expect(out.summary.length).toBeGreaterThan(0);
    expect(out.summary).not.toMatch(/\n/);
    if (out.detail) expect(OutcomeDetailSchema.parse(out.detail)).toEqual(out.detail);
  });
});

describe('components', () => {
  test.each([
    [
      '{"":x} unwrapped',
      { translate: 'a', with: [{ '': 5 }, { '': 'x' }] },
      { translate: 'a', with: [5, 'x'] },
    ],
    [
      'nested {"":{...}} unwrapped',
      { text: '', extra: [{ '': { text: 'hi', color: 'red' } }] },
      { text: '', extra: [{ text: 'hi', color: 'red' }] },
    ],
    [
      'other keys kept',
      { translate: 'a', color: 'red', insertion: 'z' },
      { translate: 'a', color: 'red', insertion: 'z' },
    ],
    ['null becomes empty text', null, ''],
  ] as const)('normalizeComponent: %s', (_n, raw, expected) => {
    expect(normalizeComponent(raw)).toEqual(expected);
  });

  test.each([
    ['%s substitution', 'Set %s for %s to %s', ['a', 'b', 'c'], 'Set a for b to c'],
    ['positional', "Function '%2$s' returned %1$s", ['5', 'f'], "Function 'f' returned 5"],
    ['percent sign', '%s%% done', ['50'], '50% done'],
    ['missing arg renders empty', 'a %s b', [], 'a  b'],
  ] as const)('formatTemplate: %s', (_n, template, args, expected) => {
    expect(formatTemplate(template, args)).toBe(expected);
  });

  test('renderPlainText falls back to `fallback`, then the key', () => {
    expect(renderPlainText({ translate: 'no.such.key', fallback: 'Fell back %s', with: ['x'] }, lang)).toBe(
      'Fell back x',
    );
    expect(renderPlainText({ translate: 'no.such.key' }, lang)).toBe('no.such.key');
    expect(renderPlainText(['a', { text: 'b', extra: ['c', 1] }], lang)).toBe('abc1');
  });

  test('findTranslateKeys, isRedWrapped, isContextLine, contextCommand', () => {
    const ctxLine = here('fill 1 2', 8);
    expect(findTranslateKeys(red(t('argument.block.id.invalid', t('block.minecraft.stone'))))).toEqual([
      'argument.block.id.invalid',
      'block.minecraft.stone',
    ]);
    expect(isRedWrapped(red('x'))).toBe(true);
    expect(isRedWrapped({ text: '', extra: [{ text: 'Command not found', color: 'red' }] })).toBe(true);
    expect(isRedWrapped(t('commands.fill.success', 1))).toBe(false);
    expect(isRedWrapped({ text: 'hello', extra: [{ text: 'x', color: 'red' }] })).toBe(false);
    expect(isContextLine(ctxLine)).toBe(true);
    expect(isContextLine(red(t('command.unknown.command')))).toBe(false);
    expect(contextCommand(ctxLine)).toBe('fill 1 2');
    expect(contextCommand({ click_event: { action: 'suggest_command', command: '/x y' }, text: '' })).toBe(
      'x y',
    );
  });
});

describe('language tables', () => {
  test.each([
    ['1.20.3', '1.20.3'],
    ['1.20.4', '1.20.4'],
    ['1.21.4', '1.21.4'],
    ['1.21.11', '1.21.11'],
    ['1.21.7', '1.21.6'],
    ['1.21.2', '1.21.1'],
    [undefined, '1.21.4'],
  ])('%s uses en_us of %s', (version, expected) => {
    expect(resolveLanguageVersion(version)).toBe(expected);
    expect(languageFor(version)['commands.fill.success']).toMatch(/%s/);
  });

  test('a version newer than every table uses the newest one older than it', () => {
    const v = resolveLanguageVersion('1.99.0');
    expect(v).toBeDefined();
    expect(Object.keys(languageFor('1.99.0')).length).toBeGreaterThan(1000);
  });
});

describe('silenceOf', () => {
  test.each([
    ['tellraw @a {"text":"a b"}', 'tellraw', true, false],
    ['execute as @a run say hi', 'say', true, true],
    ['execute positioned as @s run setblock ~ ~ ~ stone', 'setblock', false, true],
    ['execute positioned 1 2 3 run execute in minecraft:the_nether run me waves', 'me', true, false],
    ['execute if data storage a:b {x:"run as"} run msg Steve hi', 'msg', true, true],
    ['execute if block 0 0 0 stone', 'execute', false, false],
  ])('%s', (command, name, silent, hidden) => {
    expect(silenceOf(command)).toEqual({ name, silentByDesign: silent, failureMayBeHidden: hidden });
  });
});

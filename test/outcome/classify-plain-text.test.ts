/** Servers without translate keys: plain text matched to en_us templates and to foreign servers' lines. */
import { classifyRows, line, type Row } from './messages.js';

const rows: Row[] = [
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

classifyRows('classifyOutcome: plain text', rows);

/**
 * Rows for parse and dispatch errors: Brigadier's exceptions and the argument parsers
 * (net/minecraft/commands/BrigadierExceptions.java, net/minecraft/commands/arguments/, Commands.java).
 * Vanilla sends each with a second, context line.
 */
import { E, HERE, N, R, type Row } from './row.js';

export const PARSE_ERROR_ROWS: readonly Row[] = [
  // parse and dispatch errors (vanilla sends each with a second, context line)
  [
    'command.unknown.command',
    R,
    'unknown or incomplete command; also what a player without permission gets (the node is hidden)',
    { summary: `Unknown or incomplete command (or not permitted)${HERE}` },
  ],
  [
    'command.unknown.argument',
    R,
    'an argument the command does not take',
    { summary: `Incorrect argument for command${HERE}` },
  ],
  [
    'command.expected.separator',
    R,
    'trailing data after an argument',
    { summary: `Expected whitespace to end one argument, but found trailing data${HERE}` },
  ],
  [
    'command.failed',
    E,
    'an exception inside the server while running the command',
    { summary: 'The server hit an internal error running the command: check the server log' },
  ],
  ['command.exception', R, 'a command line of a function could not be parsed'],
  ['command.context.parse_error', R, 'a parse error with its position (function loading)'],
  ['command.forkLimit', R, 'execute forked into more contexts than maxCommandForkCount allows'],
  ['command.context.here', N, 'the <--[HERE] marker of a parse error context line, not a message of its own'],
  [
    /^argument\.entity\.options\.[^.]+\.description$/,
    N,
    'selector option tooltip in suggestions, never a chat line',
  ],
  [
    /^argument\.entity\.selector\.(allEntities|allPlayers|nearestEntity|nearestPlayer|randomPlayer|self)$/,
    N,
    'selector tooltip in suggestions, never a chat line',
  ],
  ['argument.pos.unloaded', R, 'positions must be in loaded chunks'],
  ['argument.pos.outofworld', R, 'y is outside the build height'],
  ['argument.block.id.invalid', R, 'no such block id in this version'],
  [/^argument\./, R, 'an argument did not parse or is out of range'],
  [/^arguments\./, R, 'an argument did not parse or names nothing (the plural prefix is errors too)'],
  [/^parsing\./, R, 'a number, boolean or string did not parse'],
  [/^permissions\.requires\./, R, 'the command needs a player or entity as its source'],
];

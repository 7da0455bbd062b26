/**
 * The system_chat lines vanilla 1.21.4 sends for failures, as mineflayer hands them to a test: a failure
 * wrapped in a red empty component, and a parse error's second line (Commands.performCommand: the last ten
 * characters before the cursor, the rest red and underlined, then command.context.here).
 */
export const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });

/** the `<--[HERE]` context line of a parse error at `cursor` */
export function contextLine(command: string, cursor: number) {
  const before = command.slice(Math.max(0, cursor - 10), cursor);
  const rest = command.slice(cursor);
  return red({
    text: '',
    color: 'gray',
    clickEvent: { action: 'suggest_command', value: `/${command}` },
    extra: [
      ...(cursor > 10 ? [{ '': '...' }] : []),
      { '': before },
      ...(rest === '' ? [] : [{ text: rest, color: 'red', underlined: 1 }]),
      { translate: 'command.context.here', color: 'red', italic: 1 },
    ],
  });
}

/** both lines of a parse error: the red key (with its arguments, if any) and the context line */
export const parseError = (command: string, key: string, cursor: number, args: unknown[] = []) => [
  red(args.length > 0 ? { translate: key, with: args } : { translate: key }),
  contextLine(command, cursor),
];

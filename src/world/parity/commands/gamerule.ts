/** `gamerule <rule> [value]` with vanilla feedback. Only rules the embedded world knows are accepted. */
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';

export async function gamerule(ctx: CommandContext): Promise<void> {
  const { reader, gamerules } = ctx;
  expectArgument(reader);
  const ruleStart = reader.cursor;
  const rule = reader.readUnquoted();
  if (!gamerules.has(rule)) {
    reader.cursor = ruleStart;
    throw reader.fail('command.unknown.argument');
  }
  if (!reader.canRead()) {
    // GameRuleCommand.queryRule: sendSuccess(…, false) — no admin copy
    ctx.success(translate('commands.gamerule.query', [rule, String(gamerules.get(rule))]), false);
    return;
  }
  expectArgument(reader);
  const valueStart = reader.cursor;
  let value: boolean | number;
  if (gamerules.isBoolean(rule)) {
    value = reader.readBoolean();
  } else {
    value = reader.readInt();
    const min = gamerules.minimum(rule);
    if (value < min) {
      reader.cursor = valueStart;
      throw reader.fail('argument.integer.low', [min, value]);
    }
  }
  expectEnd(reader);
  gamerules.set(rule, value);
  ctx.success(translate('commands.gamerule.set', [rule, String(value)]));
}

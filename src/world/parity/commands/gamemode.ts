/**
 * `gamemode <mode> [targets]` as vanilla 1.21.4 (server/commands/GameModeCommand.java,
 * commands/arguments/GameModeArgument.java, ServerPlayer.setGameMode): a player already in the mode is
 * skipped silently; a change sends game_state_change (change_game_mode) to that player, updates the tab
 * list, and reports commands.gamemode.success.self / .other (the target also gets gameMode.changed when
 * sendCommandFeedback is on).
 */
import { readUnquotedString } from '../brigadier.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectArgument, expectEnd } from '../context.js';
import { playerDisplayName } from '../display.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { commandSource, sourcePlayer } from '../selectors.js';
import { readPlayers } from '../targets.js';

const MODES = ['survival', 'creative', 'adventure', 'spectator'] as const;

type ModePlayer = FlyingSquidPlayer & { gameMode: number; setGameMode(mode: number): void };

export async function gamemode(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const start = reader.cursor;
  const name = readUnquotedString(reader);
  const mode = MODES.indexOf(name as (typeof MODES)[number]);
  if (mode < 0) throw reader.fail('argument.gamemode.invalid', [name], start + name.length);
  let targets: FlyingSquidPlayer[];
  if (reader.canRead()) {
    expectArgument(reader);
    const read = readPlayers(ctx);
    expectEnd(reader);
    targets = read.resolve();
  } else {
    endOfParse(ctx);
    targets = [sourcePlayer(ctx).player!];
  }
  const self = commandSource(ctx).entity?.player;
  const modeName = translate(`gameMode.${MODES[mode]}`);
  for (const target of targets as ModePlayer[]) {
    if (target.gameMode === mode) continue;
    target.setGameMode(mode);
    if (target === self) ctx.success(translate('commands.gamemode.success.self', [modeName]));
    else {
      if (ctx.gamerules.feedback) ctx.sendTo(target, translate('gameMode.changed', [modeName]));
      ctx.success(translate('commands.gamemode.success.other', [playerDisplayName(ctx, target), modeName]));
    }
  }
}

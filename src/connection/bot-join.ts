/**
 * Joining a server with a mineflayer bot: the version read from the status ping first (a version the bot cannot
 * speak is refused before joining), then the wait for the bot to spawn, every way it can fail said as a
 * ConnectError with what to do.
 */
import type { Bot } from 'mineflayer';
import { ConnectError } from '../vocabulary/errors.js';
import { kickRemedy, readableReason } from './kicks.js';
import { overlayParseFailureNote } from './protocol-overlay.js';
import { botSpeaks, joinVersionFor, pingServerVersion, unsupportedServerError } from './server-version.js';

/**
 * Resolves once the bot has spawned on `server`; a kick, an error, an end, or `timeoutMs` counted from
 * `startedAt` (the version's ping is part of it) first rejects.
 */
export async function joined(bot: Bot, server: string, timeoutMs: number, startedAt: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const fail = (err: ConnectError) => {
      cleanup();
      bot.end();
      reject(err);
    };
    const timer = setTimeout(
      () =>
        fail(
          new ConnectError(
            'spawn_timeout',
            `the bot did not spawn on ${server} within ${timeoutMs} ms`,
            "check that the server is running and reachable, and that --version (if given) is the server's version",
          ),
        ),
      Math.max(1, timeoutMs - (Date.now() - startedAt)),
    );
    const onSpawn = () => {
      cleanup();
      resolve();
    };
    const onKicked = (reason: unknown) =>
      fail(
        new ConnectError(
          'kicked',
          `kicked while joining ${server}: ${readableReason(reason)}`,
          kickRemedy(readableReason(reason)),
        ),
      );
    const onError = (err: Error & { code?: string }) => {
      if (err.code === 'ECONNREFUSED') {
        fail(
          new ConnectError(
            'refused',
            `connection refused by ${server}`,
            'is the Minecraft server running on that host and port?',
          ),
        );
      } else if (/unsupported|not supported/i.test(err.message)) {
        fail(
          new ConnectError(
            'unsupported_version',
            `${server}: ${err.message}`,
            `the bot speaks ${botSpeaks()}`,
          ),
        );
      } else {
        fail(
          new ConnectError(
            'closed',
            `could not connect to ${server}: ${err.message}${overlayParseFailureNote(bot.version, err.message)}`,
          ),
        );
      }
    };
    const onEnd = (reason: string) =>
      fail(
        new ConnectError('closed', `the connection to ${server} closed before the bot spawned: ${reason}`),
      );
    const cleanup = () => {
      clearTimeout(timer);
      bot.off('spawn', onSpawn);
      bot.off('kicked', onKicked);
      bot.off('error', onError);
      bot.off('end', onEnd);
    };
    bot.once('spawn', onSpawn);
    bot.once('kicked', onKicked);
    bot.once('error', onError);
    bot.once('end', onEnd);
  });
}

export /** The version to join with, from the server's status ping; a version the bot cannot speak is refused here. */
async function detectVersion(host: string, port: number, server: string, timeoutMs: number): Promise<string> {
  const announced = await pingServerVersion(host, port, timeoutMs).catch((err: Error & { code?: string }) => {
    if (err.code === 'ECONNREFUSED')
      throw new ConnectError(
        'refused',
        `connection refused by ${server}`,
        'is the Minecraft server running on that host and port?',
      );
    if (err.message === 'ETIMEDOUT')
      throw new ConnectError(
        'spawn_timeout',
        `${server} did not answer a status request within ${timeoutMs} ms`,
        'check that the server is running and reachable, and that it is a Minecraft Java server',
      );
    throw new ConnectError('closed', `could not read the version of ${server}: ${err.message}`);
  });
  const version = joinVersionFor(announced);
  if (!version) throw unsupportedServerError(server, announced);
  return version;
}

/**
 * `mcbridge login` / `mcbridge logout`: sign a bot in to Microsoft once, from a terminal, ahead of any MCP
 * client (like `gh auth login`). The device code is printed on stderr; tokens are cached under mcbridge's own
 * state directory, files 0600 (see src/signin/token-cache.ts). `serve` then joins online-mode servers and
 * LAN worlds without asking anyone.
 */
import type { Command } from 'commander';
import { loadCompanionConfig } from '../config/load.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { MicrosoftSignIn } from '../signin/microsoft.js';
import { TokenStore } from '../signin/token-cache.js';

interface AccountFlags {
  connection?: string;
  config?: string;
  username: string;
}

/** The account a connection signs in with: its `username` in the config file, else --username. */
async function accountFor(flags: AccountFlags): Promise<string> {
  if (!flags.connection) return flags.username;
  const config = await loadCompanionConfig(flags.config);
  if (!config)
    throw new McbridgeError(`--connection ${flags.connection} needs a config file`, {
      remedy: 'pass --config or set MCBRIDGE_CONFIG',
    });
  const c = config.connections[flags.connection];
  if (!c)
    throw new McbridgeError(`no connection named "${flags.connection}" in the config file`, {
      remedy: `use one of: ${Object.keys(config.connections).join(', ')}`,
    });
  if (c.backend !== 'mineflayer' || c.auth !== 'microsoft')
    throw new McbridgeError(`connection "${flags.connection}" does not sign in to Microsoft`, {
      remedy: 'set "auth": "microsoft" on a mineflayer connection',
    });
  return c.username;
}

function accountOptions(command: Command): Command {
  return command
    .option('--connection <name>', 'the named connection (from --config) whose account to use')
    .option('--config <path>', 'companion config with named connections (default: $MCBRIDGE_CONFIG)')
    .option(
      '--username <name>',
      'the account: the bot username given to serve/exec with Microsoft sign-in',
      'mcbridge',
    );
}

export function registerLoginCommands(program: Command): void {
  accountOptions(
    program
      .command('login')
      .description(
        'sign the bot in to Microsoft (for online-mode servers and LAN worlds); prints a code on stderr',
      ),
  ).action(async (flags: AccountFlags) => {
    const account = await accountFor(flags);
    const signIn = new MicrosoftSignIn({ account });
    signIn.on('code', (state) =>
      process.stderr.write(
        `To sign in, open ${state.url} and enter the code ${state.code} (valid until ${state.expiresAt}).\n`,
      ),
    );
    const session = await signIn.signIn();
    process.stderr.write(
      `Signed in as ${session.profile.name}. Tokens are kept in ${signIn.store.dir} (readable by you only).\n`,
    );
  });
  accountOptions(program.command('logout').description('forget the Microsoft tokens of the bot')).action(
    async (flags: AccountFlags) => {
      const account = await accountFor(flags);
      const store = new TokenStore();
      const removed = store.remove(account);
      process.stderr.write(
        removed > 0
          ? `Signed out "${account}": removed ${removed} token file(s) from ${store.dir}.\n`
          : `"${account}" was not signed in (no tokens in ${store.dir}).\n`,
      );
    },
  );
}

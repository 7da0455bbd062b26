/**
 * Joins with a session we already hold, as minecraft-protocol's `client/microsoftAuth.js` does after its own
 * sign-in: the client carries the profile and the profile keys (so 1.19+ servers get signed command
 * arguments, and online-mode servers accept the join), then connects. minecraft-protocol's `createClient`
 * calls a function `auth` instead of running its own flow.
 */
import type { JavaSession } from './microsoft.js';

interface ProtocolClient {
  username: string;
  session?: unknown;
  emit(event: string, ...args: unknown[]): boolean;
}

interface ProtocolOptions {
  accessToken?: string;
  haveCredentials?: boolean;
  connect(client: ProtocolClient): void;
}

export function sessionAuth(
  session: JavaSession,
): (client: ProtocolClient, options: ProtocolOptions) => void {
  return (client, options) => {
    const mcSession = {
      accessToken: session.accessToken,
      selectedProfile: session.profile,
      availableProfile: [session.profile],
    };
    Object.assign(client, session.certificates ?? {});
    client.session = mcSession;
    client.username = session.profile.name;
    options.accessToken = session.accessToken;
    options.haveCredentials = true;
    client.emit('session', mcSession);
    options.connect(client);
  };
}

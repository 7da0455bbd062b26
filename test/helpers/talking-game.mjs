/**
 * A game that keeps talking, in a process of its own: it says hello to the bridge at argv[2] with the token
 * argv[3], then pings every 20 ms. When the file argv[4] appears it sends one more ping and, once that frame
 * is on the socket, creates argv[5]. It reports what the companion sends on stdout, a line each:
 * `welcome`, `ping`, `closed <code>`.
 */
import { existsSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';

const [, , url, token, blockingFlag, sentFlag] = process.argv;
const ws = new WebSocket(url);
const say = (line) => process.stdout.write(`${line}\n`);
ws.on('open', () => {
  ws.send(
    JSON.stringify({
      type: 'hello',
      protocol: Number(process.env.BRIDGE_PROTOCOL),
      token,
      name: 'default',
      client: { kind: 'fabric-mod', version: 't', minecraft: '1.21.4' },
    }),
  );
  const chatter = setInterval(() => ws.send(JSON.stringify({ type: 'ping', t: Date.now() })), 20);
  const watch = setInterval(() => {
    if (!existsSync(blockingFlag)) return;
    clearInterval(watch);
    ws.send(JSON.stringify({ type: 'ping', t: Date.now() }), () => writeFileSync(sentFlag, 'sent'));
  }, 5);
  ws.on('close', (code) => {
    clearInterval(chatter);
    clearInterval(watch);
    say(`closed ${code}`);
    process.exit(0);
  });
});
ws.on('message', (data) => {
  const type = JSON.parse(String(data)).type;
  if (type === 'welcome' || type === 'ping') say(type);
});

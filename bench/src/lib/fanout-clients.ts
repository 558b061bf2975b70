import WebSocket from 'ws';

/**
 * The fan-out case's clients, in a process of their own so the server's memory is its own: opens
 * one socket per session cookie it is given, records when each `items.changed` arrived and which
 * write it belongs to (the case puts the write's start time, in ms, as the event's only folder),
 * and reports.
 *
 * The sockets speak the Socket.IO protocol on a bare `ws` WebSocket (Engine.IO v4 over the
 * `websocket` transport, Socket.IO v5 packets): open, connect to the main namespace, answer pings,
 * read events. A thousand `socket.io-client` instances in one process took ~50 ms of CPU to take in
 * one round of 1,000 events, one after the other on this process's one thread, so the last socket
 * of a round measured its neighbours' parsing as much as the server: in production each browser
 * parses its own event. This client does the same wire work with a fraction of the CPU.
 */
interface Start {
  type: 'start';
  url: string;
  cookies: string[];
}
interface Report {
  type: 'report';
}

const sockets: WebSocket[] = [];
let connected = 0;
/** Each arrival: the write it belongs to (its start time, the event's folder) and when it arrived. */
const arrivals: [number, number][] = [];
let disconnects = 0;
let refused = 0;
let closing = false;

const send = (message: unknown, then?: () => void) => process.send?.(message, undefined, {}, () => then?.());

const EVENT_PREFIX = '42["items.changed",';
const FOLDER = /"folders":\["(\d+)"/;

/** One Socket.IO client: resolves once connected to the main namespace, or refused. */
function connect(url: string, cookie: string): Promise<void> {
  const target = new URL('/socket.io/?EIO=4&transport=websocket', url.replace(/^http/, 'ws'));
  return new Promise<void>((resolve) => {
    const ws = new WebSocket(target, { headers: { cookie }, perMessageDeflate: false });
    let joined = false;
    const refuse = () => {
      if (joined) return;
      joined = true;
      refused++;
      resolve();
    };
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString('latin1');
      if (text.startsWith(EVENT_PREFIX)) {
        const match = FOLDER.exec(text);
        const sent = match ? Number(match[1]) : NaN;
        if (Number.isFinite(sent)) arrivals.push([sent, Date.now()]);
      } else if (text === '2') {
        ws.send('3'); // Engine.IO ping → pong
      } else if (text.startsWith('0')) {
        ws.send('40'); // Engine.IO open → Socket.IO CONNECT to "/"
      } else if (text.startsWith('40')) {
        joined = true;
        connected++;
        resolve();
      } else if (text.startsWith('44')) {
        refuse(); // CONNECT_ERROR
      }
    });
    ws.on('error', refuse);
    ws.on('close', () => {
      if (joined && !closing) disconnects++;
      refuse();
    });
    sockets.push(ws);
  });
}

async function open(url: string, cookies: string[]): Promise<void> {
  // A few dozen handshakes at a time, as browsers reconnecting after a restart would come.
  const BATCH = 50;
  for (let i = 0; i < cookies.length; i += BATCH) {
    await Promise.all(cookies.slice(i, i + BATCH).map((cookie) => connect(url, cookie)));
  }
}

process.on('message', (message: Start | Report) => {
  if (message.type === 'start') {
    void open(message.url, message.cookies).then(() => send({ type: 'ready', connected, refused }));
  } else if (message.type === 'report') {
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    closing = true;
    for (const socket of sockets) socket.close();
    // Exits once the report has left (a large message takes a moment through the channel).
    send({ type: 'report', arrivals, disconnects, connected: open }, () => process.exit(0));
  }
});

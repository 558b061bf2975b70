import { io, type Socket } from 'socket.io-client';

/**
 * The fan-out case's clients, in a process of their own so the server's memory is its own: opens
 * one socket per session cookie it is given, records when each `items.changed` arrived and which write it
 * belongs to (the case puts the write's start time, in ms, as the event's only folder), and reports.
 */
interface Start {
  type: 'start';
  url: string;
  cookies: string[];
}
interface Report {
  type: 'report';
}

const sockets: Socket[] = [];
/** Each arrival: the write it belongs to (its start time, the event's folder) and when it arrived. */
const arrivals: [number, number][] = [];
let disconnects = 0;
let refused = 0;

const send = (message: unknown, then?: () => void) => process.send?.(message, undefined, {}, () => then?.());

async function open(url: string, cookies: string[]): Promise<void> {
  // A few dozen handshakes at a time, as browsers reconnecting after a restart would come.
  const BATCH = 50;
  for (let i = 0; i < cookies.length; i += BATCH) {
    await Promise.all(
      cookies.slice(i, i + BATCH).map(
        (cookie) =>
          new Promise<void>((resolve) => {
            const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
            socket.on('items.changed', (envelope: { payload: { folders: string[] } }) => {
              const sent = Number(envelope.payload.folders[0]);
              if (Number.isFinite(sent)) arrivals.push([sent, Date.now()]);
            });
            socket.on('disconnect', () => disconnects++);
            socket.once('connect', () => resolve());
            socket.once('connect_error', () => {
              refused++;
              resolve();
            });
            sockets.push(socket);
          }),
      ),
    );
  }
}

process.on('message', (message: Start | Report) => {
  if (message.type === 'start') {
    void open(message.url, message.cookies).then(() =>
      send({ type: 'ready', connected: sockets.filter((s) => s.connected).length, refused }),
    );
  } else if (message.type === 'report') {
    const connected = sockets.filter((s) => s.connected).length;
    for (const socket of sockets) socket.disconnect();
    // Exits once the report has left (a large message takes a moment through the channel).
    send({ type: 'report', arrivals, disconnects, connected }, () => process.exit(0));
  }
});

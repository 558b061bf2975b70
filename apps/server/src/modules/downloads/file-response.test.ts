import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { endWithConnection } from './file-response.js';

const requestOn = (socket: net.Socket) => ({ raw: { socket } as unknown as IncomingMessage });

describe('endWithConnection', () => {
  it('ends the body when the connection closes later', async () => {
    const socket = new net.Socket();
    const body = new PassThrough();
    endWithConnection(requestOn(socket), body);
    expect(body.destroyed).toBe(false);
    socket.destroy();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(body.destroyed).toBe(true);
  });

  it('ends the body at once when the connection closed while the blob was being opened', async () => {
    const socket = new net.Socket();
    socket.destroy();
    await new Promise((resolve) => socket.once('close', resolve));
    const body = new PassThrough();
    endWithConnection(requestOn(socket), body);
    expect(body.destroyed).toBe(true);
  });
});

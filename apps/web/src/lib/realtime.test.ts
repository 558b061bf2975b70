import { afterEach, describe, expect, it } from 'vitest';
import {
  dispatchRealtime,
  lastRealtimeId,
  onRealtime,
  primeRealtimeCursor,
  realtimeCursor,
  resetRealtime,
} from './realtime';

const envelope = (id: number) => ({ id: String(id), payload: { at: String(id) } });

describe('the real-time event bus', () => {
  afterEach(resetRealtime);

  it('hands each id to the screens once, including one that arrives after a higher id', () => {
    const seen: string[] = [];
    const stop = onRealtime('websocket.test', (payload) => seen.push(payload.at));
    expect([12, 11, 12, 11, 13].map((id) => dispatchRealtime('websocket.test', envelope(id)))).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(seen).toEqual(['12', '11', '13']);
    expect(lastRealtimeId()).toBe('13');
    stop();
  });

  it('forgets what it saw when the user signs out', () => {
    dispatchRealtime('websocket.test', envelope(5));
    resetRealtime();
    expect(lastRealtimeId()).toBe('0');
    expect(dispatchRealtime('websocket.test', envelope(5))).toBe(true);
  });

  it('keeps the first cursor the page read, and forgets it on sign-out', () => {
    primeRealtimeCursor('40');
    primeRealtimeCursor('55');
    expect(realtimeCursor()).toBe('40');
    primeRealtimeCursor(undefined);
    expect(realtimeCursor()).toBe('40');
    resetRealtime();
    expect(realtimeCursor()).toBeUndefined();
    dispatchRealtime('websocket.test', envelope(7));
    primeRealtimeCursor('60');
    expect(realtimeCursor()).toBeUndefined();
  });
});

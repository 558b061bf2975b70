import { describe, expect, it } from 'vitest';
import { actorRefCodec, linkRef, mayContinue, sameActor, userRef } from './actor-ref.js';

const id = '0b6c1f9e-3f1d-4c55-9a53-1d2f4c1e8a10';

describe('ActorRef', () => {
  it('is stored as the text the columns always held, and read back', () => {
    expect(actorRefCodec.encode(userRef(id))).toBe(`user:${id}`);
    expect(actorRefCodec.encode(linkRef('share', id))).toBe(`share:${id}`);
    expect(actorRefCodec.encode(linkRef('request', id))).toBe(`request:${id}`);
    for (const ref of [userRef(id), linkRef('share', id), linkRef('request', id)]) {
      expect(actorRefCodec.decode(actorRefCodec.encode(ref))).toEqual(ref);
    }
  });

  it('refuses a stored text that names no actor', () => {
    for (const bad of ['', 'user', 'user:', `admin:${id}`, `:${id}`]) {
      expect(() => actorRefCodec.decode(bad)).toThrow(/not an actor reference/);
    }
  });

  it('matches each kind with its own pattern only', () => {
    expect(actorRefCodec.patternOf('share')).toBe('share:%');
    expect(actorRefCodec.patternOf('user')).toBe('user:%');
  });

  it('lets only the actor that started a piece of work go on with it', () => {
    expect(sameActor(userRef(id), userRef(id))).toBe(true);
    expect(mayContinue(userRef(id), userRef(id))).toBe(true);
    // The same id under another kind is someone else: a share and a request never share work.
    expect(mayContinue(linkRef('share', id), linkRef('request', id))).toBe(false);
    expect(mayContinue(userRef(id), linkRef('share', id))).toBe(false);
    expect(mayContinue(userRef(id), userRef('another'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { arrayParam, preparedOn, StatementNames } from './prepared.js';

describe('statement names', () => {
  it('names a text from its second run on, always with the same name, and never one name for two texts', () => {
    const names = new StatementNames();
    expect(names.nameFor('select 1')).toBeUndefined();
    const first = names.nameFor('select 1');
    expect(first).toBeDefined();
    expect(names.nameFor('select 1')).toBe(first);
    names.nameFor('select 2');
    const second = names.nameFor('select 2');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('stops naming new texts at its cap, so inlined lists cannot fill every connection with statements', () => {
    const names = new StatementNames();
    for (let i = 0; i < 1_000; i++) {
      names.nameFor(`select ${i}`);
      names.nameFor(`select ${i}`);
    }
    expect(names.size).toBe(400);
    expect(names.nameFor('select 999')).toBeUndefined();
    expect(names.nameFor('select 0')).toBe('fs0');
  });
});

describe('prepared queries', () => {
  it('are built once per database and key', () => {
    const db = {};
    let built = 0;
    const make = () => ({ n: ++built });
    expect(preparedOn(db, 'a', make)).toBe(preparedOn(db, 'a', make));
    expect(preparedOn({}, 'a', make)).not.toBe(preparedOn(db, 'a', make));
    expect(built).toBe(2);
  });

  it('send a list as one array value whose elements stay whole', () => {
    expect(arrayParam([])).toBe('{}');
    expect(arrayParam(['a', 'b,c', 'd"e', 'f\\g'])).toBe('{"a","b,c","d\\"e","f\\\\g"}');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

const argon2 = await import('@node-rs/argon2');
const { hashPassword, needsRehash, verifyPassword } = await import('./passwords.js');

describe('password hashing', () => {
  afterEach(() => vi.mocked(argon2.verify).mockRestore?.());

  it('hashes with argon2id at 7 MiB and 5 passes and verifies', async () => {
    const hashed = await hashPassword('correct horse');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verifyPassword(hashed, 'correct horse')).toBe(true);
    expect(await verifyPassword(hashed, 'wrong horse')).toBe(false);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });

  it('knows which hashes were made with other settings', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo')).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=7168,t=5,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo')).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('computes at most two hashes at once and serves every caller', async () => {
    const hashed = await hashPassword('pw');
    let running = 0;
    let most = 0;
    const real = vi.mocked(argon2.verify).getMockImplementation();
    vi.mocked(argon2.verify).mockImplementation(async (...args) => {
      running++;
      most = Math.max(most, running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return await real!(...args);
      } finally {
        running--;
      }
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verifyPassword(hashed, i % 2 ? 'pw' : 'no')),
    );
    expect(most).toBe(2);
    expect(answers.filter(Boolean)).toHaveLength(5);
  });
});

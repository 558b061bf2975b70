import { describe, expect, it } from 'vitest';
import { checkedAddress, isPublicAddress } from './address-guard.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::',
    '::1',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    'fec0::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '::10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001::1',
    'fd00:ec2::254',
    'not an address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:93.184.216.34'])('allows %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('checkedAddress', () => {
  const network = (names: Record<string, string[]>, allowed: string[] = []) => ({
    resolve: async (host: string) => names[host] ?? [],
    allowed: new Set(allowed),
  });

  it('connects to the address it checked, and refuses a name with any private address', async () => {
    const n = network({ 'a.test': ['93.184.216.34'], 'b.test': ['93.184.216.34', '10.0.0.1'] });
    await expect(checkedAddress(n, false, 'a.test', 80)).resolves.toBe('93.184.216.34');
    await expect(checkedAddress(n, false, 'b.test', 80)).rejects.toMatchObject({
      code: 'remote_upload.address_refused',
    });
    await expect(checkedAddress(n, false, '[::1]', 80)).rejects.toMatchObject({
      code: 'remote_upload.address_refused',
    });
    await expect(checkedAddress(n, false, 'unknown.test', 80)).rejects.toMatchObject({
      code: 'remote_upload.fetch_failed',
    });
  });

  it('lets through only the allowed address and port, or everything with REMOTE_UPLOAD_ALLOW_PRIVATE', async () => {
    const n = network({}, ['127.0.0.1:8080']);
    await expect(checkedAddress(n, false, '127.0.0.1', 8080)).resolves.toBe('127.0.0.1');
    await expect(checkedAddress(n, false, '127.0.0.1', 8081)).rejects.toMatchObject({
      code: 'remote_upload.address_refused',
    });
    await expect(checkedAddress(n, true, '10.0.0.1', 80)).resolves.toBe('10.0.0.1');
  });
});

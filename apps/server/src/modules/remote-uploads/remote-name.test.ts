import { describe, expect, it } from 'vitest';
import { dispositionName, remoteFileName } from './remote-name.js';

describe('remoteFileName', () => {
  const u = (s: string) => new URL(s);
  it('prefers Content-Disposition (filename* over filename), then the URL path, then "download"', () => {
    expect(
      remoteFileName(u('http://x/a.bin'), `attachment; filename="b.txt"; filename*=UTF-8''c%C3%A9.txt`, null),
    ).toBe('cé.txt');
    expect(remoteFileName(u('http://x/a.bin'), 'attachment; filename="b \\"q\\".txt"', null)).toBe('b "q".txt');
    expect(remoteFileName(u('http://x/dir/My%20file.tar.gz?x=1'), null, null)).toBe('My file.tar.gz');
    expect(remoteFileName(u('http://x/'), null, null)).toBe('download');
    expect(remoteFileName(u('http://x/'), null, 'image/png; charset=binary')).toBe('download.png');
  });

  it('cleans names: no path, control or bidi characters, at most 255 characters with the extension kept', () => {
    expect(remoteFileName(u('http://x/a'), 'attachment; filename="../../etc/passwd"', null)).toBe('passwd');
    expect(
      remoteFileName(u('http://x/a'), "attachment; filename*=UTF-8''..%2F..%5Cevil%0A%E2%80%AEgpj.exe", null),
    ).toBe('evilgpj.exe');
    expect(remoteFileName(u('http://x/%2E%2E'), null, null)).toBe('download');
    const long = remoteFileName(u(`http://x/${'a'.repeat(400)}.pdf`), null, null);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('parses the plain forms of the header', () => {
    expect(dispositionName('inline; filename=report.pdf')).toBe('report.pdf');
    expect(dispositionName("attachment; filename*=iso-8859-1''caf%E9.txt")).toBe('café.txt');
    expect(dispositionName('attachment')).toBeNull();
  });
});

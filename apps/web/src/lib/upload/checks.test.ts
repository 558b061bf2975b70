import { describe, expect, it } from 'vitest';
import { blockedType, checkFiles } from './checks';
import { planUpload } from './entries';

const named = (name: string, size = 10, type = '') => new File([new Uint8Array(size)], name, { type });

describe('checks before queueing (spec §5)', () => {
  const rules = { uploadLimit: 1000, mimetypesBlacklist: ['x-php', 'MP3', '.exe'] };

  it('skips .DS_Store silently, refuses empty, blacklisted and oversized files, keeps the rest', () => {
    const result = checkFiles(
      [
        named('.DS_Store'),
        named('empty.txt', 0),
        named('song.mp3', 10, 'audio/mpeg'),
        named('index.php', 10, 'application/x-php'),
        named('setup.exe', 10, ''),
        named('huge.bin', 1001),
        named('photo.jpg', 1000, 'image/jpeg'),
      ],
      (f) => f,
      rules,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['photo.jpg']);
    expect(result.empty).toEqual(['empty.txt']);
    expect(result.blocked).toEqual([
      { name: 'song.mp3', type: 'mp3' },
      { name: 'index.php', type: 'x-php' },
      { name: 'setup.exe', type: 'exe' },
    ]);
    expect(result.tooLarge).toEqual(['huge.bin']);
  });

  it('has no size limit when uploadLimit is 0', () => {
    expect(
      checkFiles([named('big', 10_000)], (f) => f, { uploadLimit: 0, mimetypesBlacklist: [] }).accepted,
    ).toHaveLength(1);
  });

  it('compares both halves of the MIME type and names the type', () => {
    expect(blockedType({ name: 'a.png', type: 'image/png' }, ['image'])).toBe('png');
    expect(blockedType({ name: 'a.png', type: 'image/png' }, ['png'])).toBe('png');
    expect(blockedType({ name: 'noext', type: '' }, ['png'])).toBeNull();
  });
});

describe('planning a folder upload', () => {
  it('keeps loose files apart and gives each folder its files with paths inside it and its empty folders', () => {
    const f = (p: string) => ({ file: named(p.split('/').pop()!), relativePath: p });
    const plan = planUpload({
      files: [f('loose.txt'), f('Trip/a.jpg'), f('Trip/Day 1/b.jpg'), f('Trip/Day 1/Raw/c.raw')],
      directories: ['Trip', 'Trip/Day 1', 'Trip/Day 1/Raw', 'Trip/Empty', 'Trip/Day 2/Nothing', 'Trip/Day 2', 'Other'],
    });
    expect(plan.files.map((x) => x.name)).toEqual(['loose.txt']);
    expect(plan.folders.map((x) => x.name)).toEqual(['Trip', 'Other']);
    const trip = plan.folders[0]!;
    expect(trip.files.map((x) => x.path)).toEqual(['/a.jpg', '/Day 1/b.jpg', '/Day 1/Raw/c.raw']);
    expect(trip.emptyDirectories).toEqual([['Empty'], ['Day 2', 'Nothing']]);
    expect(plan.folders[1]).toMatchObject({ files: [], emptyDirectories: [] });
  });
});

import type { ApiClient } from './http.js';
import { gradientPng } from './png.js';
import { sleep } from './proc.js';

/** A real page to look at: folders with colours and emoji, and images with thumbnails. */
export async function seedFilesScreen(client: ApiClient): Promise<void> {
  const folders: [string, string | null, string | null][] = [
    ['Projects', '#00BC7E', null],
    ['Holidays 2025', null, '🏖️'],
    ['Invoices', '#F59E0B', null],
    ['Family', null, '👨‍👩‍👧'],
  ];
  for (const [name, color, emoji] of folders) {
    await client.json('POST', '/api/create-folder', { name, ...(color ? { color } : {}), ...(emoji ? { emoji } : {}) });
  }
  const colours: [number, number, number][] = [
    [0, 188, 126],
    [245, 158, 11],
    [59, 130, 246],
    [236, 72, 153],
    [139, 92, 246],
    [20, 184, 166],
  ];
  for (const [i, from] of colours.entries()) {
    const png = gradientPng(1200, 800, from, [255 - from[0], 255 - from[1], 255 - from[2]]);
    const fields: [string, string][] = [
      ['name', `Photo ${i + 1}.png`],
      ['is_last_chunk', '1'],
    ];
    const res = await client.postChunk(fields, png, { chunkType: 'image/png' });
    if (res.status !== 201)
      throw new Error(`image upload answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  }
  // Wait for the thumbnails, as a user coming back later would see them.
  for (let i = 0; i < 120; i++) {
    const page = await client.json<{ data: { type: string; attributes: { thumbnail?: unknown } }[] }>(
      'GET',
      '/api/browse/folders/all',
    );
    if (page.data.filter((d) => d.type === 'file').every((d) => d.attributes.thumbnail)) return;
    await sleep(500);
  }
  throw new Error('the thumbnails were not made within a minute');
}

import { ZIP_QUERY_ITEMS_MAX } from '@filestore/contract';
import { xsrfToken } from '../../lib/api';
import type { DownloadableItem } from './index';

/**
 * `/api/zip?items=id|type,id|type` (or a share link's zip call), URL-encoded; null when the list
 * is longer than the contract's bound of a URL (`startZipDownload` posts any selection).
 */
export function zipUrl(items: readonly Pick<DownloadableItem, 'id' | 'type'>[], endpoint = '/api/zip'): string | null {
  const list = items.map((item) => `${item.id}|${item.type}`).join(',');
  if (list.length > ZIP_QUERY_ITEMS_MAX) return null;
  return `${endpoint}?items=${encodeURIComponent(list)}`;
}

/** Where one item downloads from: its file_url, or a zip for a folder. */
export function downloadUrl(item: DownloadableItem, zipEndpoint?: string): string | null {
  if (item.type === 'file' && item.attributes.file_url) return item.attributes.file_url;
  return zipUrl([item], zipEndpoint);
}

/** A same-origin GET through a temporary anchor: the server's Content-Disposition names the file. */
export function startDownload(url: string, name?: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name ?? '';
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

const ZIP_FRAME = 'filestore-zip';

/** "Select all" of a folder (ADR 0018): its contents but `except`, `count` items in all. */
export interface WholeFolderZip {
  allIn: string | null;
  except: readonly string[];
  count: number;
}

/**
 * A zip of any selection: a hidden form posts the ids to the zip endpoint (a URL holding hundreds
 * of ids passes the servers' header limits), with the XSRF token as a field since a form cannot
 * set headers. It posts into a hidden frame, so an error page never replaces the app; the
 * attachment the server answers with becomes a download.
 */
export async function startZipDownload(
  items: readonly Pick<DownloadableItem, 'id' | 'type'>[],
  endpoint = '/api/zip',
  whole?: WholeFolderZip,
): Promise<void> {
  const token = await xsrfToken();
  let frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${ZIP_FRAME}"]`);
  if (!frame) {
    frame = document.createElement('iframe');
    frame.name = ZIP_FRAME;
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    document.body.append(frame);
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = endpoint;
  form.target = ZIP_FRAME;
  form.hidden = true;
  // After "select all" the folder is named, with what was left out ("" is the top of the tree).
  const selection: Record<string, string> = whole
    ? { all_in: whole.allIn ?? '', except: whole.except.join(',') }
    : { items: items.map((item) => `${item.id}|${item.type}`).join(',') };
  const fields = { ...selection, _token: token };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

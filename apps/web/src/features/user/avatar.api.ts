import type { ErrorResponse, UserResource } from '@filestore/contract';
import { api, ApiError, xsrfToken } from '../../lib/api';

/** The server's limit (issue 15), checked here first so a large file is refused before it is sent. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function failure(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as ErrorResponse;
    return new ApiError(status, body.code, body.message, body.errors, body.details);
  } catch {
    return new ApiError(status, status === 413 ? 'avatar.too_large' : 'internal', 'Upload failed');
  }
}

/**
 * `POST /api/user/avatar` with the file as `avatar`, through XMLHttpRequest because fetch cannot
 * report upload progress (`onProgress`: 0 to 1). Resolves with the user record the server answers.
 */
export async function uploadAvatar(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UserResource['data']> {
  const token = await xsrfToken();
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('avatar', file, 'avatar');
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', '/api/user/avatar');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve((JSON.parse(xhr.responseText) as UserResource).data);
      else reject(failure(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send(form);
  });
}

export async function removeAvatar(): Promise<UserResource['data']> {
  return (await api.delete<UserResource>('/api/user/avatar')).data;
}

/**
 * A Content-Disposition value that keeps any file name intact: RFC 6266 `filename*` for browsers,
 * plus an ASCII `filename` for old clients. Quotes, backslashes and control characters never reach
 * the header, so a file name cannot inject a header or break out of the quoted string.
 */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The exact byte length of the archive yazl writes for these entries in store mode, so the zip can
 * carry a Content-Length and browsers show progress and time left.
 *
 * This mirrors yazl's own layout (local header, data, data descriptor for streamed files, central
 * directory with the Info-ZIP timestamp field, end records) rather than using its
 * `calculatedTotalSizeCallback`: that one adds the ZIP64 end records as soon as the central directory
 * passes 64 KiB, while the writer adds them only past 4 GiB or 65,535 entries, so its prediction is
 * 76 bytes too long for any archive of about a thousand files. zip-size.test.ts pins this function
 * to the bytes yazl actually writes.
 *
 * ZIP64: an entry whose size or local header offset passes 0xfffffffe gets 8-byte sizes in its data
 * descriptor and a ZIP64 extra field in the central directory; the archive gets the ZIP64 end
 * records once it has 65,535 entries or its central directory starts or ends past 4 GiB. yazl
 * decides this from the sizes we pass, which is why every file is added with its `size`.
 */
const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const ZIP64_DATA_DESCRIPTOR = 24;
const CENTRAL_RECORD = 46;
const TIMESTAMP_FIELD = 9;
const ZIP64_EXTRA_FIELD = 28;
const END_RECORD = 22;
const ZIP64_END_RECORDS = 56 + 20;
const LIMIT = 0xfffffffe;

export interface SizedEntry {
  path: string;
  /** 0 for folders. */
  size: number;
  directory: boolean;
}

export function predictZipSize(entries: readonly SizedEntry[]): number {
  let offset = 0;
  let central = 0;
  for (const entry of entries) {
    const nameBytes = Buffer.byteLength(entry.path);
    const zip64 = entry.size > LIMIT || offset > LIMIT;
    offset += LOCAL_HEADER + nameBytes + entry.size;
    if (!entry.directory) offset += zip64 ? ZIP64_DATA_DESCRIPTOR : DATA_DESCRIPTOR;
    central += CENTRAL_RECORD + nameBytes + TIMESTAMP_FIELD + (zip64 ? ZIP64_EXTRA_FIELD : 0);
  }
  const zip64End = entries.length >= 0xffff || central >= 0xffffffff || offset >= 0xffffffff;
  return offset + central + END_RECORD + (zip64End ? ZIP64_END_RECORDS : 0);
}

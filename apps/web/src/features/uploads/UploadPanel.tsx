/** Progress of the upload queue; mounted once in the app shell. */
export function UploadPanel() {
  return null;
}

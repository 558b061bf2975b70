import { FileDialogs } from '../../files/dialogs/FileDialogs';
import { PreviewOverlay } from '../../preview';
import { UploadPanel } from '../../uploads';

/**
 * The popups, upload queue and preview of the file browser, mounted inside the link's source so
 * their calls go through the link (the signed-in shell mounts the same ones).
 */
export function LinkOverlays() {
  return (
    <>
      <FileDialogs />
      <UploadPanel />
      <PreviewOverlay />
    </>
  );
}

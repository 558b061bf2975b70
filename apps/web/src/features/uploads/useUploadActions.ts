import type { UploadActions } from './index';

export function useUploadActions(): UploadActions {
  return { pickFiles() {}, pickFolder() {}, uploadDropped() {} };
}

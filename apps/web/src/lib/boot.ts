/**
 * Removes the skeleton that index.html paints before any module runs. Called from a layout effect
 * of the first real screen (or the error screens), so the swap happens within one frame.
 */
export function dismissBootSkeleton(): void {
  document.getElementById('boot')?.remove();
}

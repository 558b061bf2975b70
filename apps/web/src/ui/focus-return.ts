/**
 * Where focus goes back to when a popup closes. Radix gives it back to whatever had focus when the
 * popup mounted, which is often no good: a field with autoFocus (the popup's own, gone by then) or
 * the entry of the menu it was chosen from (gone too), so focus fell to the page body. Instead a
 * popup remembers, as it opens, the last element focused outside any menu or popup: the button
 * that opened it, or the list a right-click or a key was pressed in.
 */
const OVERLAY = '[role="menu"], [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper]';

let last: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(OVERLAY)) last = target;
    },
    true,
  );
}

/** The element a popup opening now should give focus back to. */
export function captureOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(OVERLAY)) return active;
  return last?.isConnected ? last : null;
}

/**
 * Gives focus back to `opener`. A control inside a list (an item's ⋯ button) hands it to the list
 * itself, where the keys work; when the opener has gone (its row scrolled away, the screen changed)
 * the file list or the main content takes it, never the body.
 */
export function returnFocus(opener: HTMLElement | null): void {
  const target = opener?.closest<HTMLElement>('[role="listbox"]') ?? opener;
  if (target?.isConnected) {
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
  const fallback = document.querySelector<HTMLElement>('#content [role="listbox"], #content [tabindex="0"]');
  (fallback ?? document.getElementById('content'))?.focus({ preventScroll: true });
}

/**
 * Copies text: the Clipboard API where the page may use it (HTTPS or localhost), else the old
 * selection-and-copy way. The fallback's text area goes inside the open dialog, because a dialog
 * traps focus and would take it back before the copy.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or no user gesture: try the fallback.
  }
  const host = document.activeElement?.closest('[role="dialog"]') ?? document.body;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  host.appendChild(area);
  const previous = document.activeElement as HTMLElement | null;
  area.focus();
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  previous?.focus({ preventScroll: true });
  return copied;
}

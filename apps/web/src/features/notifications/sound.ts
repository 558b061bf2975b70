import blopUrl from './blop.wav';

/**
 * The "blop" of a live notification (spec §4, §9), within the browsers' autoplay rules: a page
 * may play sound only after the user interacted with it, so nothing plays before the first press
 * or key, and a refusal all the same (a stricter browser policy) is swallowed, never a console
 * error. The file loads on the first play, not with the page.
 */
let unlocked = false;

function hasInteracted(): boolean {
  if (unlocked) return true;
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation?.hasBeenActive === true;
}

if (typeof window !== 'undefined') {
  const unlock = () => {
    unlocked = true;
    for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, unlock, true);
  };
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, unlock, true);
}

let audio: HTMLAudioElement | null = null;

/** Plays the blop if the page may; whether it tried. */
export function playBlop(): boolean {
  if (!hasInteracted() || typeof Audio === 'undefined') return false;
  try {
    audio ??= new Audio(blopUrl);
    audio.volume = 0.6;
    audio.currentTime = 0;
    const playing = audio.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

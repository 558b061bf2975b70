import './index.css';

/**
 * The entry. index.html has already painted the first screen's skeleton; the app's modules (linked
 * from the page, so they download meanwhile) run only after that frame, so a phone's first paint
 * never waits for react-dom's start-up work (docs/adr/0015). A hidden tab paints nothing: it starts
 * at once.
 */
function afterFirstFrame(run: () => void): void {
  if (document.visibilityState === 'hidden') run();
  else requestAnimationFrame(() => setTimeout(run, 0));
}

afterFirstFrame(() => {
  import('./main').catch((error: unknown) => {
    console.error(error);
    document.getElementById('boot')?.remove();
  });
});

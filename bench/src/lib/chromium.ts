import { ensureDebianPackages } from './proc.js';

/** Debian's Chromium, as the e2e journeys and Lighthouse drive it. */
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet headless browser on loopback: nothing it does on its own reaches the network. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Installs Debian's Chromium when it is missing and no other browser was named (CHROME_PATH). */
export function ensureChromium(log: (line: string) => void): void {
  if (!process.env.CHROME_PATH) ensureDebianPackages([{ pkg: 'chromium', binary: 'chromium' }], log);
}

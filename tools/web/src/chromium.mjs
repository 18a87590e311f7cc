/** Debian's Chromium and the flags it needs here (headless, root, a closed network): shared by every tool. */
export const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

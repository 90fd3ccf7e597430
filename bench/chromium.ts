/** Debian's Chromium, as every bench starts it: nothing downloads a browser here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** No sandbox (root in a container), no GPU, and none of the browser's own network traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, never a downloaded browser. Tests drive its headless shell when it is installed:
 * the same Blink and V8 without the desktop browser's UI layer, which in the journeys spent about
 * twice the CPU for the same pages (bench/README.md). Lighthouse measures the desktop browser, as a
 * phone's browser is one: DESKTOP_CHROMIUM below.
 */
const DESKTOP_PATH = '/usr/bin/chromium';
const SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Flags that keep it quiet on a closed network. */
const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The desktop browser needs --headless; the shell is headless and does not take it. */
const argsFor = (executable: string) =>
  executable.endsWith('headless-shell') ? QUIET_ARGS : ['--headless', ...QUIET_ARGS];

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(SHELL_PATH) ? SHELL_PATH : DESKTOP_PATH);
export const CHROMIUM_ARGS = argsFor(CHROMIUM_PATH);

export const DESKTOP_CHROMIUM = {
  path: process.env.DESKTOP_CHROMIUM_PATH ?? DESKTOP_PATH,
  args: argsFor(process.env.DESKTOP_CHROMIUM_PATH ?? DESKTOP_PATH),
};

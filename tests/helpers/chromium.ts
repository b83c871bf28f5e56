import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The system's Chromium (scripts/install-test-tools.sh installs it): `CHROMIUM` when set, else the
 * first of Debian's, Ubuntu's (its snap) or Google's that is there. playwright-core downloads none.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** Headless, as root with no sandbox, and with no background networking, which a closed network refuses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

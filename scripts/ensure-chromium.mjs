// Browser tests and the benches drive Debian's Chromium (never a downloaded browser); this installs it when missing.
// `--headless-shell`: the tests' build of it, Debian's chromium-headless-shell (tests/support/browser.ts says why).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const shell = process.argv.includes('--headless-shell');
const wanted = shell
  ? { binary: '/usr/bin/chromium-headless-shell', deb: 'chromium-headless-shell' }
  : { binary: '/usr/bin/chromium', deb: 'chromium' };
const binary = process.env.CHROMIUM_PATH ?? wanted.binary;
if (!existsSync(binary)) {
  if (process.env.CHROMIUM_PATH !== undefined) {
    console.error(`CHROMIUM_PATH is ${binary}, which does not exist.`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${wanted.deb} (${binary} is missing)…`);
  const root = process.getuid?.() === 0;
  const sudo = root ? [] : ['sudo', '-n'];
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return result.status === 0;
  };
  if (
    !run(['apt-get', 'update', '-qq']) ||
    // Without the desktop's recommends (printing, audio, notifications, Perl): 19 packages instead of 107 on a fresh
    // machine, half the CPU. Liberation is kept: the fonts Chromium's Arial, Times and Courier resolve to.
    !run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', wanted.deb, 'fonts-liberation']) ||
    !existsSync(binary)
  ) {
    console.error(
      `Could not install Chromium. Install Debian's "${wanted.deb}" package, or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
}

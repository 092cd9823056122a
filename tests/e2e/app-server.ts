import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_BUILD as SERVER } from '../../scripts/build-server';
import { type Database, openDatabase } from '../../server/db/connection';
import { copyTemplateDatabase, postgresTemplate } from './journey-database';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningApp {
  url: string;
  dataDir: string;
  /** The app's PostgreSQL database, or null on the embedded one (inside dataDir). */
  databaseUrl: string | null;
  output: () => string;
  /** SIGTERM, as a process manager would; resolves with the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL: the process ends at once, mid-write, as in a crash or an out-of-memory kill. */
  kill: () => Promise<number | null>;
}

/**
 * Copies a data directory into an existing one with the system's `cp`: Node's fs.cp copies file by file
 * in JavaScript and took 1.1 s for the template's 1,300 files, where `cp` takes 0.25 s (each journey file
 * starts at least one app from a copy).
 */
export async function copyDataDir(from: string, to: string): Promise<void> {
  await promisify(execFile)('cp', ['-R', `${from}/.`, to]);
}

/** Set by the journeys' global set-up: a data directory the app seeded once, copied for every journey. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/**
 * Starts the real server as built (`dist/server/main.js`, serving the built web app; the journeys' global
 * set-up builds it) on a fresh database, seeded with the demo data, with a temporary data directory, and
 * waits until /healthz answers. With the shared templates (tests/e2e/global-setup.ts) the directory and
 * the database start as their copies: the same data, files and demo login, without creating and seeding
 * a database per journey. The database is PostgreSQL where the run has a template there
 * (tests/e2e/journey-database.ts), unless the journey asks for the embedded one.
 */
export async function startApp(
  options: {
    port?: number;
    env?: Record<string, string>;
    fromTemplate?: boolean;
    /** Reopen this data directory as it is (a restart) instead of a new one. */
    dataDir?: string;
    /** The engine; PostgreSQL only where the run has a template there. */
    database?: 'embedded' | 'postgres';
    /** Reopen this PostgreSQL database (a restart, or the template being made) instead of a copy. */
    databaseUrl?: string | null;
    /** How long it may take to answer: a first start creates and seeds the database, slow on a busy machine. */
    startSeconds?: number;
    /** The server build to run (`dist/server/main.js` unless given). */
    server?: string;
  } = {},
): Promise<RunningApp> {
  // A data directory handed in is reopened as it is (a restart); otherwise a new one.
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-e2e-')));
  const fromTemplate = options.fromTemplate !== false && !options.dataDir;
  const pgTemplate = options.database === 'embedded' ? null : postgresTemplate();
  let databaseUrl = options.databaseUrl ?? null;
  if (pgTemplate && fromTemplate && !databaseUrl) {
    await copyDataDir(pgTemplate.dataDir, dataDir);
    databaseUrl = await copyTemplateDatabase(pgTemplate);
  }
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && fromTemplate && !databaseUrl) await copyDataDir(template, dataDir);
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let failureShown = false;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', options.server ?? SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  const deadline = Date.now() + (options.startSeconds ?? 120) * 1000;
  for (;;) {
    // A process ended by a signal has no exit code, only the signal: either means it is gone.
    if (child.exitCode !== null || child.signalCode !== null) {
      // The free port was taken between our probe and the app's listen (a run opens hundreds of servers
      // on free ports): another one, in the same data directory.
      if (!options.port && output.includes('EADDRINUSE'))
        return startApp({ ...options, dataDir, databaseUrl });
      throw new Error(`the app exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    // Ours, not another server that took the port first: the app prints its address once it listens.
    const listening = output.includes(`is running at ${url}`);
    const healthy =
      listening &&
      (await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      ));
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the app did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    databaseUrl,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      // A shutdown that failed says why in the journey's log (once), not only as a number.
      if (code !== 0 && !failureShown) console.error(`the app exited with ${code}:\n${output}`);
      failureShown = true;
      return code;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/** Opens a stopped app's database, whichever engine it ran on (the embedded one is the app's alone while it runs). */
export function openAppDatabase(app: RunningApp): Promise<Database> {
  return app.databaseUrl
    ? openDatabase({ kind: 'postgres', url: app.databaseUrl, poolSize: 2 })
    : openDatabase({ kind: 'embedded', dataDir: path.join(app.dataDir, 'db') });
}

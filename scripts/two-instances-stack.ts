/**
 * The pieces scripts/two-instances.ts puts together, as docs/deployment.md deploys them: a PostgreSQL
 * database of its own, an S3 bucket (s3rver), app instances from the build, and nginx with the guide's
 * configuration (deploy/nginx.conf) in front, on TLS with a certificate made for the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import { freePort } from '../tests/e2e/app-server';
import { adminQuery } from '../tests/support/postgres-admin';
import { SERVER_BUILD } from './build-server';

export const NGINX_SITE = 'deploy/nginx.conf';

/** A new database on the server of `adminUrl`, dropped by `drop` (connections and all). */
export async function createDatabase(adminUrl: string) {
  const name = `clipmarket_two_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Runs a command to its end; rejects with its output when it fails. */
export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends a child: SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. */
async function endChild(child: ChildProcess, exited: Promise<unknown>, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return 'already gone';
  child.kill('SIGTERM');
  const ended = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (ended) return `exited ${child.exitCode ?? child.signalCode} after SIGTERM`;
  child.kill('SIGKILL');
  await exited;
  return `killed (SIGKILL) ${graceMs / 1000} s after SIGTERM`;
}

export interface Instance {
  name: string;
  /** host:port, as nginx's upstream names it. */
  address: string;
  pid: number | undefined;
  output: () => string;
  /** SIGTERM, then SIGKILL after `graceMs`; says which ended it. */
  stop: (graceMs?: number) => Promise<string>;
}

/** Starts `dist/server/main.js` with `env` and waits until its /readyz answers 200. */
export async function startInstance(name: string, env: NodeJS.ProcessEnv, startSeconds = 150) {
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `instance ${name} exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    const ready = await fetch(`http://${address}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${name} was not ready in ${startSeconds} s:\n${output}`);
    }
    await sleep(250);
  }
  const instance: Instance = {
    name,
    address,
    pid: child.pid,
    output: () => output,
    stop: (graceMs = 10_000) => endChild(child, exited, graceMs),
  };
  return instance;
}

/** A certificate for the run's names (self-signed: the browser and our client are told to accept it). */
export async function makeCertificate(dir: string, names: string[]) {
  const pems = await generate([{ name: 'commonName', value: names[0]! }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          ...names.map((value) => ({ type: 2 as const, value })),
          { type: 7 as const, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'certificate-key.pem');
  await fs.writeFile(certificate, pems.cert);
  await fs.writeFile(key, pems.private, { mode: 0o600 });
  return { certificate, key, pem: pems.cert };
}

/**
 * The guide's site file with its ${NAME} placeholders filled in, as envsubst would with the names listed;
 * a placeholder without a value is an error (envsubst would leave it empty).
 */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${NGINX_SITE}: no value for the placeholder \${${name}}`);
    return value;
  });
}

/** nginx's own part, which a distribution's /etc/nginx/nginx.conf gives: here unprivileged, in `dir`. */
function mainConfiguration(dir: string, site: string): string {
  const asRoot = process.getuid?.() === 0;
  return [
    'daemon off;',
    // One worker: its round robin alternates strictly between the instances.
    'worker_processes 1;',
    // As root, the workers would run as nobody, who may not enter the run's private folder.
    ...(asRoot ? ['user root;'] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** nginx (from the PATH) with the guide's site file, filled in with `values`, in the folder `dir`. */
export async function startNginx(dir: string, values: Record<string, string>) {
  await fs.mkdir(dir, { recursive: true });
  const site = path.join(dir, 'clipmarket.conf');
  await fs.writeFile(site, fillPlaceholders(await fs.readFile(NGINX_SITE, 'utf8'), values));
  const main = path.join(dir, 'nginx.conf');
  await fs.writeFile(main, mainConfiguration(dir, site));
  await runToEnd('nginx', ['-t', '-q', '-p', dir, '-c', main, '-e', `${dir}/error.log`], process.env);
  let output = '';
  const child = spawn('nginx', ['-p', dir, '-c', main, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const port = Number(values.HTTPS_PORT);
  for (let tries = 0; !(await portAnswers(port)); tries++) {
    if (child.exitCode !== null || tries > 100) throw new Error(`nginx did not start:\n${output}`);
    await sleep(100);
  }
  return {
    accessLog: () => fs.readFile(path.join(values.LOG_DIR!, 'clipmarket-access.log'), 'utf8').catch(() => ''),
    stop: () => endChild(child, exited, 5_000),
  };
}

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { profiled } from './cpu-profile';
import type { LoadOptions, LoadResult } from './load-client';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs a load client (autocannon's, the ranged-read one, or the open-loop one of views) in a process of its
 * own; returns what it measured (its last line of output, JSON).
 */
export function runLoad<Options = LoadOptions, Result = LoadResult>(
  options: Options,
  client = 'load-client.ts',
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, client), JSON.stringify(options)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Result);
    });
  });
}

/** Starts a server script that prints its address on its first line; stop() sends SIGTERM and waits. */
export function startServerProcess(script: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const address = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(line.trim());
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return {
    address,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Requests on `url` for `seconds` after a 2 s warm-up (JIT, connections, caches), from a client process of
 * its own; a run with errors or non-2xx answers throws. With `profileTo`, this process (where the
 * benchmark's app runs) is profiled meanwhile. Logs the rate and p95 under `label` and returns the run.
 */
export async function measureRequests(
  label: string,
  url: string,
  options: { seconds: number; connections: number; profileTo?: string },
): Promise<LoadResult> {
  const { seconds, connections, profileTo } = options;
  await runLoad({ url, seconds: 2, connections });
  const load = () => runLoad({ url, seconds, connections });
  const result = profileTo ? await profiled(profileTo, load) : await load();
  if (result.errors || result.non2xx)
    throw new Error(`${label}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  console.log(`${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms`);
  return result;
}

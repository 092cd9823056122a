import { spawn } from 'node:child_process';
import path from 'node:path';

/** Where `npm test` keeps its reports and the tools' caches: in the project, never the system's temporary folder. */
export const TEST_OUTPUT_DIR = path.resolve('.tmp');

/**
 * The environment `npm test` runs its steps in. Tools cache compiled code in the system's temporary folder
 * unless told otherwise, so the cache goes to ours. The npm script turns tsx's cache off for the runner
 * alone; the servers the journeys start want it (in the run's own temporary folder, see the global set-ups).
 */
export function testEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    PLAYWRIGHT_TRANSFORM_CACHE_DIR: path.join(TEST_OUTPUT_DIR, 'playwright-transform-cache'),
  };
  delete env.TSX_DISABLE_CACHE;
  return env;
}

/** Runs a command to its end, its output (stdout and stderr, interleaved) kept for the caller. */
export function runCollecting(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

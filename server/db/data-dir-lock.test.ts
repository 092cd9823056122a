import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../tests/support/test-database';

const opener = path.resolve(__dirname, '../../tests/support/open-embedded.ts');

/** Runs a separate Node process that opens the embedded database in `dataDir`; resolves on its first line. */
function openInAnotherProcess(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', opener, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const firstLine = new Promise<string>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => resolve(output.trim()));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, firstLine, exited };
}

describe.skipIf(testDatabaseKind() !== 'embedded')('the embedded data directory', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-lock-')), 'db');
  });
  afterAll(async () => {
    await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('is refused to a second process with a clear message, and free again once the first stops', async () => {
    const first = openInAnotherProcess(dataDir);
    expect(await first.firstLine).toBe('opened');

    const second = openInAnotherProcess(dataDir);
    expect(await second.exited).toBe(1);
    expect(await second.firstLine).toContain(
      `The embedded database in ${dataDir} is already open in another process`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const third = openInAnotherProcess(dataDir);
    expect(await third.firstLine).toBe('opened');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000); // three processes each opening the embedded database: seconds idle, a minute beside the suite
});

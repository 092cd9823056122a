/**
 * A lean ranged-read client (run as its own process): `connections` loops on keep-alive sockets, each
 * asking for `rangeBytes` at a random offset and counting the body's bytes without keeping them.
 * autocannon parses every body byte in JavaScript and tops out near 50 MB/s here, below either server.
 * Prints one JSON line (the LoadResult of load-client.ts).
 */
import http from 'node:http';
import type { LoadResult } from './load-client';

interface RangeOptions {
  url: string;
  seconds: number;
  connections: number;
  rangeOfSize: number;
  rangeBytes: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as RangeOptions;
const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
const latencies: number[] = [];
let bytes = 0;
let errors = 0;
let non2xx = 0;
const deadline = performance.now() + options.seconds * 1000;

function readRange(): Promise<void> {
  const start = Math.floor(Math.random() * (options.rangeOfSize - options.rangeBytes));
  const began = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      options.url,
      { agent, headers: { range: `bytes=${start}-${start + options.rangeBytes - 1}` } },
      (response) => {
        if (response.statusCode !== 206) non2xx++;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          latencies.push(performance.now() - began);
          resolve();
        });
        response.on('error', () => {
          errors++;
          resolve();
        });
      },
    );
    request.on('error', () => {
      errors++;
      resolve();
    });
  });
}

async function loop() {
  while (performance.now() < deadline) await readRange();
}

await Promise.all(Array.from({ length: options.connections }, loop));
agent.destroy();
latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const result: LoadResult = {
  requests: latencies.length,
  requestsPerSecond: latencies.length / options.seconds,
  p50: p(0.5),
  p95: p(0.95),
  p99: p(0.99),
  megabytesPerSecond: bytes / (1024 * 1024) / options.seconds,
  errors,
  non2xx,
};
console.log(JSON.stringify(result));

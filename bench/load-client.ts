/**
 * The load generator, run as its own process so it never shares an event loop with the server it
 * measures: autocannon for a bounded time, every response's latency kept to give exact percentiles
 * (autocannon's own summary has no p95). Prints one JSON line.
 *
 *   node --import tsx bench/load-client.ts '{"url":"http://127.0.0.1:1234/x","seconds":10,"connections":10}'
 *
 * With `rangeOfSize` set, each request asks for `rangeBytes` at a random offset of a file of that size.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  rangeOfSize?: number;
  rangeBytes?: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  megabytesPerSecond: number;
  errors: number;
  non2xx: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const latencies: number[] = [];
let bytes = 0;

const randomRange = (size: number, length: number) => {
  const start = Math.floor(Math.random() * (size - length));
  return `bytes=${start}-${start + length - 1}`;
};

const instance = autocannon({
  url: options.url,
  duration: options.seconds,
  connections: options.connections,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) =>
        options.rangeOfSize
          ? {
              ...request,
              headers: {
                ...request.headers,
                range: randomRange(options.rangeOfSize, options.rangeBytes ?? 1 << 20),
              },
            }
          : request,
    },
  ],
});
instance.on('response', (_client: unknown, _status: number, responseBytes: number, milliseconds: number) => {
  latencies.push(milliseconds);
  bytes += responseBytes;
});
const result = await instance;
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const output: LoadResult = {
  requests: latencies.length,
  requestsPerSecond: latencies.length / options.seconds,
  p50: percentile(50),
  p95: percentile(95),
  p99: percentile(99),
  megabytesPerSecond: bytes / (1024 * 1024) / options.seconds,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
};
console.log(JSON.stringify(output));

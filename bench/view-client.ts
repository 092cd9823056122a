/**
 * An open-loop load client, run as a process of its own: request i of a plan goes out at start + i / rate
 * whether or not earlier answers have come (a player reports its view whatever the server is doing), on
 * keep-alive sockets opened as needed. autocannon's fixed rate sends each second's quota at the start of
 * the second on busy connections, so it is not used here. Latency is counted from the moment a request was
 * due, so a client or server that falls behind shows in it (no coordinated omission), and also from the
 * moment it went out. The first `warmupSeconds` of requests carry `x-bench-phase: warm-up` and are left out
 * of the figures; the others carry `x-bench-phase: measured`. Prints one JSON line.
 *
 *   node --import tsx bench/view-client.ts '{"base":"http://127.0.0.1:1234","rate":200,"planFile":"plan.json","warmupSeconds":3}'
 *
 * The plan file holds `PlannedRequest[]` (view-plan.ts); its length sets the run's duration.
 */
import fs from 'node:fs';
import http from 'node:http';
import { type PlannedRequest, percentile } from './view-plan';

export interface ViewClientOptions {
  base: string;
  rate: number;
  planFile: string;
  warmupSeconds: number;
}

export interface ViewClientResult {
  requests: number;
  /** Measured answers per second, from the first measured request's due time to the last answer. */
  achievedRate: number;
  statuses: Record<string, number>;
  errors: number;
  /** Milliseconds from due to answered: p50, p95, p99. */
  due: { p50: number; p95: number; p99: number };
  /** Milliseconds from sent to answered: p50, p95. */
  sent: { p50: number; p95: number };
  /** The most a request went out after it was due (the client's own lateness), ms. */
  maxLate: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ViewClientOptions;
const plan = JSON.parse(fs.readFileSync(options.planFile, 'utf8')) as (PlannedRequest & {
  method?: string;
})[];
const target = new URL(options.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const warmup = Math.round(options.warmupSeconds * options.rate);
const interval = 1000 / options.rate;

const fromDue: number[] = [];
const fromSent: number[] = [];
const statuses: Record<string, number> = {};
let errors = 0;
let maxLate = 0;
let lastAnswer = 0;
let pending = 0;

function send(index: number, due: number, done: () => void) {
  const planned = plan[index] as PlannedRequest & { method?: string };
  const measured = index >= warmup;
  const sentAt = performance.now();
  if (measured) maxLate = Math.max(maxLate, sentAt - due);
  const request = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: planned.path,
      method: planned.method ?? 'POST',
      agent,
      headers: { ...planned.headers, 'x-bench-phase': measured ? 'measured' : 'warm-up' },
    },
    (response) => {
      response.resume();
      response.on('end', () => {
        const now = performance.now();
        if (measured) {
          fromDue.push(now - due);
          fromSent.push(now - sentAt);
          statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
          lastAnswer = now;
        }
        done();
      });
    },
  );
  request.on('error', () => {
    if (measured) errors++;
    done();
  });
  request.end();
}

const start = performance.now() + 50;
await new Promise<void>((resolve) => {
  let next = 0;
  const finish = () => {
    pending--;
    if (next >= plan.length && pending === 0) resolve();
  };
  const tick = () => {
    const now = performance.now();
    while (next < plan.length && start + next * interval <= now) {
      pending++;
      send(next, start + next * interval, finish);
      next++;
    }
    if (next < plan.length) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
  };
  setTimeout(tick, 50);
});
agent.destroy();

fromDue.sort((a, b) => a - b);
fromSent.sort((a, b) => a - b);
const firstMeasuredDue = start + warmup * interval;
const result: ViewClientResult = {
  requests: fromDue.length,
  achievedRate: fromDue.length / ((lastAnswer - firstMeasuredDue) / 1000),
  statuses,
  errors,
  due: { p50: percentile(fromDue, 0.5), p95: percentile(fromDue, 0.95), p99: percentile(fromDue, 0.99) },
  sent: { p50: percentile(fromSent, 0.5), p95: percentile(fromSent, 0.95) },
  maxLate,
};
console.log(JSON.stringify(result));

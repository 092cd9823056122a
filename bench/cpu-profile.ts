/**
 * A CPU profile of this process while `work` runs (the inspector's sampling profiler), summarised as the
 * share of samples spent in each package or source folder and the hottest functions: where an answer's
 * time goes. The whole profile is written to `file` for Chromium's DevTools.
 */
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** node_modules/<package> (scoped too), a folder of ours, or what Node itself runs. */
function placeOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const module = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (module) return module[1] as string;
  if (url.startsWith('node:')) return 'node';
  const ours = url.match(/\/(server|common|bench)\/([^/]+)/);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

export async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await work();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  await fs.writeFile(file, JSON.stringify(profile));
  const nodes = profile.nodes as ProfileNode[];
  const total = nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const share = (hits: number) => `${((100 * hits) / total).toFixed(1)}%`;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    const place = placeOf(node.callFrame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => `  ${share(hits).padStart(6)} ${name}`);
  console.log(`\nself time by place (${file}):\n${top(byPlace, 20).join('\n')}`);
  console.log(`hottest functions:\n${top(byFunction, 25).join('\n')}\n`);
  return result;
}

/**
 * `npm run bench:bundle`: what the web build's larger JavaScript chunks hold, summed by package (or by
 * folder of ours), from rollup-plugin-visualizer's data of a fresh build: where the first page's bytes
 * come from before deciding what to split. Sizes are the modules as rendered in the chunk, raw and
 * gzipped one by one (their sum is above the chunk's own gzip size, but the shares hold).
 *
 *   npm run bench:bundle              chunks over 20 KB gzip
 *   npm run bench:bundle -- theme     chunks whose name starts with "theme"
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface TreeNode {
  name: string;
  uid?: string;
  children?: TreeNode[];
}
interface Report {
  tree: TreeNode;
  nodeParts: Record<string, { renderedLength: number; gzipLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string }>;
}

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-')), 'bundle.json');
execFileSync('npx', ['vite', 'build'], { env: { ...process.env, BUNDLE_REPORT: file }, stdio: 'ignore' });
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const wanted = process.argv.slice(2);

/** node_modules/<package> (scoped too), else the first two folders of our own path. */
function placeOf(id: string): string {
  const module = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (module) return module[1] as string;
  return id.replace(/^\//, '').split('/').slice(0, 2).join('/');
}

function leaves(node: TreeNode): string[] {
  return node.uid ? [node.uid] : (node.children ?? []).flatMap(leaves);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
for (const chunk of report.tree.children ?? []) {
  const parts = leaves(chunk).map((uid) => report.nodeParts[uid]!);
  const gzip = parts.reduce((sum, part) => sum + part.gzipLength, 0);
  const name = path.basename(chunk.name);
  if (!name.endsWith('.js')) continue;
  if (wanted.length > 0 ? !wanted.some((prefix) => name.startsWith(prefix)) : gzip < 20 * 1024) continue;
  const byPlace = new Map<string, { raw: number; gzip: number }>();
  for (const part of parts) {
    const place = placeOf(report.nodeMetas[part.metaUid]!.id);
    const sum = byPlace.get(place) ?? { raw: 0, gzip: 0 };
    sum.raw += part.renderedLength;
    sum.gzip += part.gzipLength;
    byPlace.set(place, sum);
  }
  console.log(
    `\n${name}: ${kb(parts.reduce((sum, part) => sum + part.renderedLength, 0))} raw, ${kb(gzip)} gzip (modules one by one)`,
  );
  for (const [place, sum] of [...byPlace].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 15)) {
    console.log(`  ${kb(sum.raw)}${kb(sum.gzip)}  ${place}`);
  }
}

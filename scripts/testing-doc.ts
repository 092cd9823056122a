/**
 * Writes the list of proofs in docs/testing.md from the tests themselves: every `it`/`test` title under its
 * `describe`s, one line each, grouped by feature, with the file it lives in and the engines or browser it
 * runs on. The part of the page above the list is written by hand and kept as it is.
 *
 *   node --import tsx scripts/testing-doc.ts           rewrites the list
 *   node --import tsx scripts/testing-doc.ts --check   fails when the list is not what the tests say
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { POSTGRES_FILES } from '../vitest.config';

const DOC = 'docs/testing.md';
const MARK = '<!-- The list below is written by scripts/testing-doc.ts: edit the tests, not the list. -->';
const ROOTS = ['common', 'server', 'web', 'scripts', 'tests/e2e'];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The text of a title argument: a string, or a template with its `${...}` parts as written. */
function titleOf(node: ts.Expression | undefined, source: ts.SourceFile): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText(source).slice(1, -1);
  return undefined;
}

/** `it`, `test`, `describe`, and their forms `it.skipIf(...)`, `test.describe`, `it.each(...)`. */
function kindOf(callee: ts.Expression): 'test' | 'group' | undefined {
  let expression = callee;
  while (ts.isCallExpression(expression)) expression = expression.expression;
  const names: string[] = [];
  while (ts.isPropertyAccessExpression(expression)) {
    names.unshift(expression.name.text);
    expression = expression.expression;
  }
  if (!ts.isIdentifier(expression)) return undefined;
  names.unshift(expression.text);
  if (!['it', 'test', 'describe'].includes(names[0] ?? '')) return undefined;
  if (
    names.some((name) =>
      [
        'beforeAll',
        'afterAll',
        'beforeEach',
        'afterEach',
        'configure',
        'setTimeout',
        'use',
        'extend',
        'info',
        'step',
      ].includes(name),
    )
  )
    return undefined;
  return names.includes('describe') ? 'group' : 'test';
}

function proofsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const proofs: string[] = [];
  const visit = (node: ts.Node, groups: string[]) => {
    if (ts.isCallExpression(node)) {
      const kind = kindOf(node.expression);
      const title = kind && titleOf(node.arguments[0], source);
      if (kind === 'test' && title !== undefined) {
        proofs.push([...groups, title].join(' › '));
        return;
      }
      if (kind === 'group' && title !== undefined) {
        for (const argument of node.arguments) visit(argument, [...groups, title]);
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, groups));
  };
  visit(source, []);
  return proofs;
}

/** The feature a file belongs to: its folder under routes, services, features or the journey's name. */
function featureOf(file: string): string {
  const parts = file.split('/');
  const name = parts.at(-1)!.replace(/\.(test|spec)\.tsx?$/, '');
  if (parts[0] === 'tests') return JOURNEY_FEATURES[name] ?? name;
  if (parts[0] === 'common') return 'common rules and contracts';
  if (parts[0] === 'web') return 'web app (pure functions)';
  const layer = parts.length > 2 ? parts[1] : name;
  if ((layer === 'routes' || layer === 'services') && parts.length > 3) return parts[2]!;
  if (layer === 'routes') return name.replace(/\.routes$/, '');
  return (
    { adapters: 'adapters', db: 'database', jobs: 'jobs', plugins: 'plugins', policies: 'policies' }[
      layer!
    ] ?? layer!
  );
}

/** Journeys grouped with the route tests of the same feature. */
const JOURNEY_FEATURES: Record<string, string> = {
  'a11y-sweep': 'accessibility',
  keyboard: 'accessibility',
  'admin-mrss': 'mrss',
  'admin-settings': 'admin-settings',
  'admin-users': 'admin',
  auth: 'auth-actions',
  social: 'auth-actions',
  earnings: 'earnings',
  everyday: 'videos',
  'video-pages': 'videos',
  'license-payment': 'license-payments',
  licensing: 'licensing',
  moderation: 'moderation',
  publishing: 'moderation',
  profiles: 'me',
  search: 'search',
  shell: 'web app shell',
  tv: 'tv',
  upload: 'uploads',
  'upload-crash': 'uploads',
  verification: 'verification',
};

/** The list's entries are paths, or a folder with `*` for any file name in it. */
function matchesPostgres(file: string): boolean {
  return POSTGRES_FILES.some((entry) => {
    const pattern = entry.replaceAll('.', '\\.').replaceAll('*', '[^/]*');
    return new RegExp(`^${pattern}$`).test(file);
  });
}

function whereItRuns(file: string): string {
  if (file.startsWith('tests/e2e/')) return 'browser';
  return matchesPostgres(file) ? 'embedded + PostgreSQL' : 'embedded';
}

export function renderList(): string {
  const byFeature = new Map<string, string[]>();
  const files = ROOTS.flatMap(testFiles).sort();
  let count = 0;
  for (const file of files) {
    const proofs = proofsOf(file);
    count += proofs.length;
    const lines = byFeature.get(featureOf(file)) ?? [];
    lines.push(`- \`${file}\` (${whereItRuns(file)})`, ...proofs.map((proof) => `  - ${proof}`));
    byFeature.set(featureOf(file), lines);
  }
  const sections = [...byFeature.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([feature, lines]) => `### ${feature}\n\n${lines.join('\n')}`);
  return `${MARK}\n\n${count} proofs in ${files.length} files.\n\n${sections.join('\n\n')}\n`;
}

const current = fs.readFileSync(DOC, 'utf8');
const head = current.slice(0, current.indexOf(MARK) >= 0 ? current.indexOf(MARK) : current.length);
const wanted = `${head}${renderList()}`;
if (process.argv.includes('--check')) {
  if (wanted !== current) {
    console.error(`${DOC} does not list the tests as they are: run node --import tsx scripts/testing-doc.ts`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(DOC, wanted);
}

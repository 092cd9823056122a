/**
 * Fails on a source file over 400 lines or a function over 100 lines of its own code, outside tests (a
 * test may spell a whole journey out): past those sizes a file or a function no longer fits in one
 * reading. Part of `npm run lint`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 100;
const ROOTS = ['server', 'web', 'common', 'scripts', 'bench'];
const SKIP = /(\.test\.tsx?|\.spec\.ts|\.d\.ts)$|\/db\/migrations\//;

function sourceFiles(): string[] {
  return ROOTS.flatMap((root) =>
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(root, file))
      .filter((file) => /\.tsx?$/.test(file) && !SKIP.test(file)),
  );
}

/** The name a reader would search for: the function's own, or the variable or property it is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(source).slice(0, 40)}`;
  return '(anonymous)';
}

/** Function-like nodes that have a body: declarations, methods, arrows, function expressions. */
const hasBody = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionLike(node) && 'body' in node && Boolean(node.body);

/**
 * A function's own lines of code: its lines without blank and comment lines, and without the lines of
 * the functions written inside it, which are measured on their own (a factory of twenty small methods,
 * or a routes plugin of ten handlers, is as long as its own code).
 */
function ownLines(fn: ts.Node, source: ts.SourceFile, lines: string[]): number {
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const own = new Set<number>();
  for (let line = lineOf(fn.getStart(source)); line <= lineOf(fn.getEnd()); line++) own.add(line);
  const dropNested = (node: ts.Node) => {
    if (hasBody(node)) {
      // The nested function's first line stays: it is where this function calls or names it.
      for (let line = lineOf(node.getStart(source)) + 1; line <= lineOf(node.getEnd()); line++)
        own.delete(line);
      return;
    }
    ts.forEachChild(node, dropNested);
  };
  ts.forEachChild(fn, dropNested);
  return [...own].filter((line) => {
    const text = lines[line]?.trim() ?? '';
    return text !== '' && !/^(\/\/|\/\*|\*)/.test(text);
  }).length;
}

const problems: string[] = [];
const over = (place: string, limit: number, text: string) =>
  problems.push(`${place}: ${text} (at most ${limit})`);
for (const file of sourceFiles()) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines.length > MAX_FILE_LINES) over(file, MAX_FILE_LINES, `${lines.length} lines`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (hasBody(node)) {
      const length = ownLines(node, source, lines);
      if (length > MAX_FUNCTION_LINES) {
        const name = nameOf(node, source);
        over(`${file} ${name}`, MAX_FUNCTION_LINES, `${name} has ${length} lines of its own`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length > 0) {
  console.error(`size check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `size check: no file over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES} lines of its own`,
);

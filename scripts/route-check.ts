/**
 * Keeps routes thin (docs/ARCHITECTURE.md "Adding an endpoint"): every operation of a route file is
 * registered with `route(app, endpoints.x, handler)` from a table in `common/endpoints/`, never with
 * Fastify's own `app.get`/`app.post`..., and each handler calls exactly one method of one service
 * (`app.services`): the rules, the reads and the view are the service's, so a handler only hands its
 * input over. Part of `npm run lint`; given folders or files, it checks only those.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROUTES = 'server/routes';
const FASTIFY_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all', 'route']);

function routeFiles(roots: string[]): string[] {
  return roots.flatMap((root) =>
    fs.statSync(root).isFile()
      ? [root]
      : fs
          .readdirSync(root, { recursive: true, encoding: 'utf8' })
          .map((file) => path.join(root, file))
          .filter((file) => /\.routes\.ts$|-routes\.ts$/.test(file)),
  );
}

/** The names the file takes out of `app.services` (`const { a, b } = app.services`). */
function serviceNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer?.getText(source) === 'app.services' &&
      ts.isObjectBindingPattern(node.name)
    ) {
      for (const element of node.name.elements) names.add(element.name.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** How many calls of a service's method the handler makes: `name.method(...)` or `app.services.name.method(...)`. */
function serviceCalls(handler: ts.Node, source: ts.SourceFile, services: Set<string>): number {
  let count = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const owner = node.expression.expression.getText(source);
      if (services.has(owner) || /^app\.services\.\w+$/.test(owner)) count += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(handler);
  return count;
}

function check(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const services = serviceNames(source);
  const problems: string[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.expression.getText(source) === 'app' &&
        FASTIFY_METHODS.has(callee.name.text)
      ) {
        problems.push(
          `${where(node)}: app.${callee.name.text}(...) registers an operation outside the endpoint table; use route()`,
        );
      }
      if (ts.isIdentifier(callee) && callee.text === 'route') {
        const [, endpoint, handler] = node.arguments;
        const calls = handler ? serviceCalls(handler, source, services) : 0;
        if (calls !== 1) {
          problems.push(
            `${where(node)}: the handler of ${endpoint?.getText(source) ?? 'an operation'} calls ${calls} service methods; it must call exactly one`,
          );
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

const roots = process.argv.slice(2);
const problems = routeFiles(roots.length > 0 ? roots : [ROUTES]).flatMap(check);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\nroute check: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  'route check: every operation is a route() of the endpoint table, every handler calls one service method',
);

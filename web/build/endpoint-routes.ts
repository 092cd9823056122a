import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const TABLE_FILE = /[\\/]common[\\/]endpoints[\\/][\w-]+\.ts$/;

/**
 * The web app calls an operation by its method and path; the rest of an endpoint table (the zod
 * contracts, the OpenAPI summaries) is for the server and for the typecheck. In the browser build each
 * table module is replaced by its operations' methods and paths alone, read from the real table at build
 * time, so a page does not download every contract, zod and the phone-number metadata to call the API.
 * The typecheck still reads the real tables, so a call's input and answer keep their contract types.
 */
export function endpointRoutes(): Plugin {
  return {
    name: 'endpoint-routes',
    apply: 'build',
    async load(id) {
      if (!TABLE_FILE.test(id)) return null;
      const module = (await tsImport(id, import.meta.url)) as Record<string, unknown>;
      const exports = Object.entries(module)
        .filter(([, table]) => table !== null && typeof table === 'object')
        .map(([name, table]) => `export const ${name} = ${JSON.stringify(routesOf(table as Tables))};`);
      return exports.join('\n');
    },
  };
}

type Tables = Record<string, { method: string; path: string }>;

function routesOf(table: Tables) {
  return Object.fromEntries(
    Object.entries(table).map(([name, { method, path }]) => [name, { method, path }]),
  );
}

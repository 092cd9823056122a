import type { FastifyInstance } from 'fastify';

/** The parts of a JSON Schema the published document uses for requests. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the published OpenAPI document, as `GET /api/videos/{videoId}`. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation declares one. */
  body?: JsonSchema;
}

interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: object } }>>;
}

/** Every operation the server publishes at /api/docs/json (the API's own contract, not a copy of it). */
export async function publishedOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject({ url: '/api/docs/json' })).json() as Document;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = operation.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(content?.['application/json'] && { body: content['application/json'].schema }),
      };
    }),
  );
}

/** The web app's own underscore redirects are pages, not API operations. */
export const isPageRedirect = (operation: Operation) => /^\/_(\/|$)/.test(operation.path);

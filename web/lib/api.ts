import type { FieldIssue } from '../../common/errors';

/**
 * A failed API call, carrying the server's error code so the UI can translate it: one of our ErrorCodes
 * (`errors.<code>`), or, from the auth endpoints, one of better-auth's codes (see lib/error-message.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params?: Record<string, string | number>,
    readonly fields: FieldIssue[] = [],
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

let send: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where API calls go: the network in the browser; the server's own API, in process, while the server
 * renders a page (web/app/server-render.tsx), where a path alone names no server.
 */
export function sendApiCallsWith(transport: typeof fetch): void {
  send = transport;
}

/**
 * JSON over fetch with the session cookie; every failure becomes an ApiError with the server's code and
 * field issues. `headers` carries extra ones (the TV page's submission token). Imports nothing of the
 * main app (session, router), so the TV page uses it too.
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
) {
  let response: Response;
  try {
    response = await send(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    if (hasCode(data)) throw new ApiError(response.status, data.code, data.params, data.fields);
    throw new ApiError(response.status, response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR');
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface CodedBody {
  code: string;
  params?: Record<string, string | number>;
  fields?: FieldIssue[];
}

function hasCode(value: unknown): value is CodedBody {
  return typeof value === 'object' && value !== null && typeof (value as CodedBody).code === 'string';
}

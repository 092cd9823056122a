import { type AnswerOf, type Endpoint, type InputOf, pathOf, queryString } from '../../common/endpoint';
import { api } from './api';

/** What a call may add: an abort signal (a query's), and extra headers (the TV page's token). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A call of one operation: its input is required when the operation declares a path parameter or a body. */
type Call<E extends Endpoint> =
  Record<string, never> extends InputOf<E>
    ? (input?: InputOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>
    : (input: InputOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>;

export type Client<T extends Record<string, Endpoint>> = { [K in keyof T]: Call<T[K]> };

/** Calls one operation of a table in `common/endpoints/`: its path filled in, its query and body sent. */
export function call<E extends Endpoint>(
  endpoint: E,
  input?: InputOf<E>,
  options: CallOptions = {},
): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const path = pathOf(endpoint, given.params) + queryString(given.query);
  return api<AnswerOf<E>>(path, { method: endpoint.method, body: given.body, ...options });
}

/**
 * The typed client of a table: `clientOf(licensingEndpoints).quote({ params: { id }, body })`. Features
 * build the client of the tables they use, so a page loads only its own domain's contracts.
 */
export function clientOf<T extends Record<string, Endpoint>>(table: T): Client<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, endpoint]) => [
      name,
      (input?: InputOf<Endpoint>, options?: CallOptions) => call(endpoint, input, options),
    ]),
  ) as Client<T>;
}

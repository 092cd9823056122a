import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running for one request knows about it without being handed it: its id, so the jobs it
 * queues carry the id into their own log lines (plugins/request-id.ts sets it for every request).
 */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request this code runs for; undefined in a job, a timer or start-up. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

import type { IncomingMessage } from 'node:http';
import { type Locker, Server, type ServerOptions, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadStore } from './upload-store';

/**
 * What our checks allowed one request: to create an upload that stores exactly this metadata (what the
 * client sent is replaced), or to touch this upload.
 */
export type UploadGrant = { creation: Record<string, string | undefined> } | { uploadId: string };

export interface TusServerOptions {
  datastore: UploadStore;
  /** The URL path the server answers under; upload URLs are `{path}/{id}`. */
  path: string;
  maxBytes: number;
  /** Our own origin: the only one a browser may upload from. */
  origin: string;
  /** One writer per upload across instances (tus's own locker holds locks in this process only). */
  locker?: Locker;
  /** Runs when the last byte is stored, before the client hears so. */
  onFinish: (upload: Upload) => Promise<void>;
  log: FastifyBaseLogger;
  /** Told the size of each piece of a file that was received and stored (the metrics' upload bytes). */
  onStored?: (bytes: number) => void;
}

/** The content type of tus's PATCH bodies: routes leave them an unread stream for tus. */
export const TUS_DATA = 'application/offset+octet-stream';
/** The id tus gives an upload (the last segment of its URL). */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** A request header as one string, whether Node gave one value or several. */
export const headerValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(',') : value;

/** tus's web-style request (srvx), which carries the raw Node request. */
type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

const refused = { status_code: 403, body: 'Not allowed\n' };

/**
 * The datastore as tus sees it, with the bytes of every write told to `onStored`: a write returns the
 * offset it reached, so a request cut short still counts what was kept. Every other member is the store's
 * own, called on the store itself.
 */
function countingWrites(datastore: UploadStore, onStored: (bytes: number) => void): UploadStore {
  const write: UploadStore['write'] = async (stream, id, offset) => {
    const reached = await datastore.write(stream, id, offset);
    onStored(reached - offset);
    return reached;
  };
  return new Proxy(datastore, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The tus protocol server. It trusts nothing it was not told by our checks: a request without a grant,
 * or with a grant for another upload than the one tus reads from the URL, is refused before any byte.
 * Routes run their checks, then `handOver` the request with the grant they decided on.
 */
export function createTusServer(options: TusServerOptions) {
  const grants = new WeakMap<IncomingMessage, UploadGrant>();
  const grantFor = (request: TusRequest) => {
    const raw = request.runtime?.node?.req;
    return raw ? grants.get(raw as IncomingMessage) : undefined;
  };
  const tus = new Server({
    path: options.path,
    datastore: options.onStored ? countingWrites(options.datastore, options.onStored) : options.datastore,
    ...(options.locker && { locker: options.locker }),
    maxSize: options.maxBytes,
    // `/api/uploads/{id}`: no Host or X-Forwarded-* header decides where the client sends its bytes.
    relativeLocation: true,
    allowedOrigins: [options.origin],
    // A finished upload is moved into storage and removed at once; there is nothing left to cancel.
    disableTerminationForFinishedUploads: true,
    async onIncomingRequest(request, id) {
      const grant = grantFor(request);
      const allowed =
        request.method === 'POST'
          ? grant !== undefined && 'creation' in grant
          : grant !== undefined && 'uploadId' in grant && grant.uploadId === id;
      if (!allowed) throw refused;
    },
    async onUploadCreate(request) {
      const grant = grantFor(request);
      if (!grant || !('creation' in grant)) throw refused;
      // Replaces whatever the client sent with what our checks decided (the owner included).
      const metadata = Object.entries(grant.creation).filter(
        (entry): entry is [string, string] => !!entry[1],
      );
      return { metadata: Object.fromEntries(metadata) };
    },
    async onUploadFinish(_request, upload) {
      await options.onFinish(upload);
      return {};
    },
    onResponseError(_request, error) {
      // tus turns an exception into a bare 500; keep the cause in our log.
      if (error instanceof Error) options.log.error({ err: error }, 'upload request failed');
      return undefined;
    },
  });

  return {
    /** From here tus answers: Fastify's reply is set aside and tus writes to the raw response. */
    async handOver(request: FastifyRequest, reply: FastifyReply, grant: UploadGrant): Promise<void> {
      grants.set(request.raw, grant);
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (error) {
        request.log.error({ err: error }, 'upload request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'The upload failed.' }));
        } else reply.raw.destroy();
      }
    },
  };
}

import type { IncomingMessage } from 'node:http';
import { Server, type ServerOptions, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredUploadMetadata } from './upload-metadata';
import type { UploadStore } from './upload-store';

/** What our checks allowed one request: to create an upload with this metadata, or to touch this upload. */
export type UploadGrant = { creation: StoredUploadMetadata } | { uploadId: string };

export interface TusServerOptions {
  datastore: UploadStore;
  /** The URL path the server answers under; upload URLs are `{path}/{id}`. */
  path: string;
  maxBytes: number;
  /** Our own origin: the only one a browser may upload from. */
  origin: string;
  /** The grant our checks gave the raw request, before tus got it. */
  grantOf: (request: IncomingMessage) => UploadGrant | undefined;
  /** Runs when the last byte is stored, before the client hears so. */
  onFinish: (upload: Upload) => Promise<void>;
  log: FastifyBaseLogger;
}

/** tus's web-style request (srvx), which carries the raw Node request. */
type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

const refused = { status_code: 403, body: 'Not allowed\n' };

/**
 * The tus protocol server. It trusts nothing it was not told by our checks: a request without a grant,
 * or with a grant for another upload than the one tus reads from the URL, is refused before any byte.
 */
export function createTusServer(options: TusServerOptions): Server {
  const grantFor = (request: TusRequest) => {
    const raw = request.runtime?.node?.req;
    return raw ? options.grantOf(raw as IncomingMessage) : undefined;
  };
  return new Server({
    path: options.path,
    datastore: options.datastore,
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
      // Replaces whatever the client sent: the checked fields, and the owner from the session.
      const { videoId, filename, filetype, userId } = grant.creation;
      return { metadata: { videoId, filename, ...(filetype && { filetype }), userId } };
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
}

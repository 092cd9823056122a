import type { Readable } from 'node:stream';
import { parseRangeHeader } from '../../adapters/storage/byte-range';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import { servedContentType } from '../../adapters/storage/content-types';
import { type SignedFileQuery, secondsLeft, signedFileUrls } from '../../adapters/storage/signed-file-url';
import { FileNotFoundError, isSafePath, type Storage } from '../../adapters/storage/storage';
import { AppError, notAuthorized, notFound } from '../../errors';

/**
 * What answers a signed URL, beside its headers: the status, the content type and the bytes (none when
 * the proxy sends them).
 */
interface ServedFile {
  status: 200 | 206;
  type: string;
  body: Readable | null;
}

/**
 * Files behind signed URLs (local disk's `storage.signedUrl`): the signature is the permission, so no
 * session is needed and a video player can fetch and seek with Range requests. S3 serves its own.
 */
export function signedFilesService(deps: {
  storage: Storage;
  secret: string;
  clock: () => Date;
  /** nginx's internal location of the files (FILES_PROXY_LOCATION): it sends them, ranges and all. */
  proxyLocation?: string;
}) {
  const signatures = signedFileUrls(deps.secret);

  // A file deleted between the size check and the read is missing, not a server failure.
  const readOrNotFound = (path: string, range?: { start: number; end: number }) =>
    deps.storage.read(path, range).catch((error) => {
      throw error instanceof FileNotFoundError ? notFound() : error;
    });

  return {
    /**
     * The file at `path` for a signed URL's query, whole or the one byte range asked for. Its headers go
     * to `header` as they are decided, a refusal's too (a 416 names the size).
     */
    async open(
      path: string,
      query: SignedFileQuery,
      rangeHeader: string | undefined,
      header: (name: string, value: string | number) => void,
    ): Promise<ServedFile> {
      if (!signatures.verify(path, query)) throw notAuthorized();
      const left = secondsLeft(query.expires, Math.floor(deps.clock().getTime() / 1000));
      if (left === null) throw notAuthorized();
      if (!isSafePath(path)) throw notFound(); // only safe paths are ever signed; a second guard
      const size = await deps.storage.size(path);
      if (size === null) throw notFound();

      const served = servedContentType(path);
      // Behind nginx (FILES_PROXY_LOCATION) nginx answers the range itself, from the file.
      const range = deps.proxyLocation ? undefined : parseRangeHeader(rangeHeader, size);
      if (range === 'unsatisfiable') {
        header('content-range', `bytes */${size}`);
        throw new AppError('VALIDATION_FAILED', 416);
      }
      header('accept-ranges', 'bytes');
      header('cache-control', `private, max-age=${left}`);
      // The URL is the permission, not the cookies: players on other sites may load it, as from S3.
      header('cross-origin-resource-policy', 'cross-origin');
      // Helmet sends it too; here it is part of the promise that no stored file runs as a page.
      header('x-content-type-options', 'nosniff');
      if (query.name || served.download) {
        header('content-disposition', attachmentDisposition(query.name ?? 'file'));
      }
      if (deps.proxyLocation) {
        // nginx sends the bytes from its internal location (X-Accel-Redirect), keeping the type, the
        // disposition and the cache header; the location itself adds the other two.
        header(
          'x-accel-redirect',
          `${deps.proxyLocation}${path.split('/').map(encodeURIComponent).join('/')}`,
        );
        return { status: 200, type: served.type, body: null };
      }
      if (!range) {
        header('content-length', size);
        return { status: 200, type: served.type, body: await readOrNotFound(path) };
      }
      header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      header('content-length', range.end - range.start + 1);
      return { status: 206, type: served.type, body: await readOrNotFound(path, range) };
    },
  };
}

import type { DetailedError } from 'tus-js-client';
import { THUMBNAIL } from '../../common/constants';
import { TV_TOKEN_HEADER, type TvSubmissionOpened } from '../../common/contracts/tv';
import { tvUploadsEndpoints } from '../../common/endpoints/tv';
import { ApiError } from '../lib/api';
import { tv } from './tv-api';
import { type TvValues, toFreeVideo } from './tv-values';

/** A pending submission's token, which every call of its parts carries. */
const withToken = (token: string) => ({ headers: { [TV_TOKEN_HEADER]: token } });

/** Where the frame is taken: a tenth in, at most 3 s, past an opening fade (as the server does). */
const frameTime = (duration: number) => (Number.isFinite(duration) ? Math.min(duration * 0.1, 3) : 0);

/**
 * The 640x360 JPEG (quality 0.75) of SPEC 9, taken in the browser from the chosen video, letterboxed.
 * A video this browser cannot decode gets a black frame: the server makes its own thumbnail when it
 * processes the file, and SPEC 8.4 says a thumbnail failure is only logged.
 */
export async function captureThumbnail(file: File): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL.width;
  canvas.height = THUMBNAIL.height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#000';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('thumbnail timeout')), 15_000);
      video.onloadedmetadata = () => {
        video.currentTime = frameTime(video.duration);
      };
      video.onseeked = () => {
        clearTimeout(timer);
        resolve();
      };
      video.onerror = () => {
        clearTimeout(timer);
        reject(new Error('the browser cannot read this video'));
      };
      video.src = url;
    });
    const scale = Math.min(canvas.width / video.videoWidth, canvas.height / video.videoHeight);
    const width = video.videoWidth * scale;
    const height = video.videoHeight * scale;
    context.drawImage(video, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
  } catch (error) {
    console.warn('thumbnail failed', error);
  } finally {
    URL.revokeObjectURL(url);
    video.removeAttribute('src');
  }
  return canvas.toDataURL('image/jpeg', THUMBNAIL.jpegQuality);
}

/** The error code of a failed tus request: the server's own when it gave one. */
function uploadErrorCode(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  if (response?.getStatus() === 413) return 'PAYLOAD_TOO_LARGE';
  try {
    return (JSON.parse(response?.getBody() ?? '') as { code?: string }).code ?? 'global';
  } catch {
    return 'global';
  }
}

async function uploadFile(file: File, opened: TvSubmissionOpened, onProgress: (percent: number) => void) {
  const tus = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: tvUploadsEndpoints.create.path,
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      headers: { [TV_TOKEN_HEADER]: opened.token },
      // Bound to this submission's token: nothing to resume from another visit.
      storeFingerprintForResuming: false,
      metadata: { videoId: opened.id, filename: file.name, ...(file.type && { filetype: file.type }) },
      onProgress: (sent, total) => onProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      onSuccess: () => resolve(),
      onError: (error) => reject(new ApiError(0, uploadErrorCode(error))),
    });
    upload.start();
  });
}

export interface TvSubmitSteps {
  /** The captcha solution, spent on opening the submission. */
  captcha: string;
  onUploadStart: () => void;
  onProgress: (percent: number) => void;
}

/**
 * SPEC 7 "TV submit": thumbnail, then the four parts of one submission (signature, thumbnail, file,
 * createFreeVideo). Any failure throws, and the submission is abandoned so the server keeps nothing.
 */
export async function submitTv(values: TvValues, steps: TvSubmitSteps): Promise<string> {
  const file = values.file!;
  const thumbnail = await captureThumbnail(file);
  const opened = await tv.open({ body: { captcha: steps.captcha } });
  const params = { id: opened.id };
  const token = withToken(opened.token);
  try {
    await tv.signature({ params, body: { signature: values.signature } }, token);
    await tv.thumbnail({ params, body: { thumbnail } }, token);
    steps.onUploadStart();
    await uploadFile(file, opened, steps.onProgress);
    await tv.create({ params, body: toFreeVideo(opened.id, values) }, token);
    return opened.id;
  } catch (error) {
    // The server already discards a submission whose part it refused; this covers a network failure.
    await tv.abandon({ params }, token).catch(() => undefined);
    throw error;
  }
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath, probeJson, QUIETLY, refusedInput, UPLOADED_INPUT } from './ffmpeg';

const run = promisify(execFile);

/** The tallest preview: 720p, a streaming size; smaller originals keep their own size. */
export const PREVIEW_MAX_HEIGHT = 720;

export interface FrameSize {
  width: number;
  height: number;
}

interface SizeProbe {
  streams?: {
    width?: number;
    height?: number;
    sample_aspect_ratio?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
    disposition?: { attached_pic?: number };
  }[];
}

/** `16:9` as a number; 1 for a missing, unknown (`0:1`) or malformed ratio. */
function ratioOf(value: string | undefined): number {
  const [num, den] = (value ?? '').split(':').map(Number);
  return num && den && num > 0 && den > 0 ? num / den : 1;
}

/**
 * The size a video's picture is shown at: non-square pixels corrected and a phone's rotation applied
 * (ffmpeg turns the frames upright itself while decoding); null when the file has no picture we can read.
 */
export async function probeDisplaySize(file: string): Promise<FrameSize | null> {
  const probe = await probeJson<SizeProbe>(file, [
    '-select_streams',
    'v',
    '-show_entries',
    'stream=width,height,sample_aspect_ratio:stream_tags=rotate:stream_disposition=attached_pic:stream_side_data=rotation',
  ]);
  const stream = probe?.streams?.find((s) => s.disposition?.attached_pic !== 1);
  if (!stream?.width || !stream.height) return null;
  const rotation = Number(
    stream.tags?.rotate ?? stream.side_data_list?.find((d) => d.rotation)?.rotation ?? 0,
  );
  const width = stream.width * ratioOf(stream.sample_aspect_ratio);
  const sideways = Math.abs(rotation) % 180 === 90;
  return sideways ? { width: stream.height, height: width } : { width, height: stream.height };
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The preview's size: the display shape kept (portrait stays portrait, square stays square), at most
 * `PREVIEW_MAX_HEIGHT` high and never larger than the original; even sides, which H.264 in 4:2:0 needs.
 */
export function previewSize(display: FrameSize): FrameSize {
  const height = Math.min(display.height, PREVIEW_MAX_HEIGHT);
  return { width: even((display.width * height) / display.height), height: even(height) };
}

/** Streaming bitrate ceiling by height: about 2.5 Mbit/s at 720p, less for smaller pictures. */
function maxRateKbps(height: number): number {
  return Math.max(400, Math.round((2500 * height) / PREVIEW_MAX_HEIGHT));
}

/**
 * How a preview is encoded: x264's speed preset and the scaler of the downscale (unset: ffmpeg's own
 * default for filter graphs, which is not plain `bicubic` and gave 20% smaller files than it here).
 */
export interface PreviewEncoding {
  preset: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  scaler?: 'fast_bilinear' | 'bilinear' | 'bicubic' | 'lanczos';
}

/** Chosen by measurement of time, size and SSIM (bench/preview.ts, bench/README.md "Preview cost"). */
export const PREVIEW_ENCODING: PreviewEncoding = { preset: 'veryfast' };

export interface PreviewRenderOptions {
  size: FrameSize;
  encoding?: PreviewEncoding;
  /** A transparent PNG of exactly `size`, laid over every frame. */
  watermarkFile: string;
  /** Run ffmpeg at a lower CPU priority, so the site keeps answering while previews are made. */
  nice: boolean;
  timeoutMs: number;
}

/**
 * Makes the preview MP4 of an uploaded file: H.264 (yuv420p, main profile) scaled to `size` with the
 * watermark over it, AAC stereo when the original has sound (none otherwise), the index at the front
 * (`+faststart`) so playback starts before the whole file arrives. Returns false when ffmpeg refuses
 * the input (not a video it can decode); throws when ffmpeg cannot run or times out.
 */
export async function renderPreview(
  input: string,
  output: string,
  options: PreviewRenderOptions,
): Promise<boolean> {
  const { width, height } = options.size;
  const { preset, scaler } = options.encoding ?? PREVIEW_ENCODING;
  const rate = maxRateKbps(height);
  const args = [
    ...QUIETLY,
    ...UPLOADED_INPUT,
    '-i',
    input,
    '-i',
    options.watermarkFile,
    // The watermark is one picture, decoded once: the overlay repeats its last frame to the end.
    '-filter_complex',
    `[0:v:0]scale=${width}:${height}${scaler ? `:flags=${scaler}` : ''},setsar=1,format=yuv420p[picture];[picture][1:v]overlay=0:0:eof_action=repeat:format=yuv420,format=yuv420p[out]`,
    '-map',
    '[out]',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    'main',
    '-crf',
    '23',
    '-maxrate',
    `${rate}k`,
    '-bufsize',
    `${rate * 2}k`,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
  const [command, commandArgs] =
    options.nice && process.platform !== 'win32'
      ? ['nice', ['-n', '10', ffmpegPath, ...args]]
      : [ffmpegPath, args];
  try {
    await run(command, commandArgs, { timeout: options.timeoutMs, maxBuffer: 4 * 1024 * 1024 });
    return true;
  } catch (error) {
    if (refusedInput(error)) return false;
    throw error;
  }
}

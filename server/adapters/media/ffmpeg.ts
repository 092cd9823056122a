import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

const run = promisify(execFile);

/** The ffmpeg binary shipped inside an npm package: no system install needed. */
export const ffmpegPath: string = ffmpegInstaller.path;
/** The ffprobe binary, likewise from an npm package. */
export const ffprobePath: string = ffprobeInstaller.path;

/**
 * Renders a short H.264/AAC MP4 from one of ffmpeg's built-in test sources (`mandelbrot`, `life`,
 * `smptehdbars` ...), 640x360 with a tone unless told otherwise. Used for demo data, tests and
 * benchmarks, so they have real, playable files.
 */
export async function renderTestVideo(
  source: string,
  seconds: number,
  outFile: string,
  options: { size?: string; audio?: boolean; preset?: string } = {},
): Promise<void> {
  const [name, sourceOptions] = source.split(/=(.*)/s);
  const input = `${name}=${sourceOptions ? `${sourceOptions}:` : ''}size=${options.size ?? '640x360'}:rate=25`;
  const audio = options.audio ?? true;
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    input,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'] : []),
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    options.preset ?? 'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-b:a', '64k', '-shortest'] : ['-an']),
    '-movflags',
    '+faststart',
    outFile,
  ]);
}

/** A tone with no picture, `seconds` long, as AAC: an audio file that is not a video. For tests. */
export async function renderTestTone(seconds: number, outFile: string): Promise<void> {
  await run(ffmpegPath, [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    String(seconds),
    '-c:a',
    'aac',
    outFile,
  ]);
}

/** Takes one 640x360 JPEG frame at `atSeconds` (SPEC 9 thumbnail size). */
export async function extractThumbnail(videoFile: string, outFile: string, atSeconds = 1): Promise<void> {
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(atSeconds),
    '-i',
    videoFile,
    '-frames:v',
    '1',
    '-vf',
    'scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2',
    '-q:v',
    '4',
    outFile,
  ]);
}

/**
 * Options for reading a file someone uploaded. Only ordinary video containers are opened (mov/mp4,
 * Matroska/WebM, AVI, MPEG-TS/PS, FLV, ASF/WMV, MXF, Ogg, DV): playlists and image sequences (HLS,
 * concat, image2) can make ffmpeg read other files or URLs named inside the upload, and images or
 * text that ffmpeg would happily decode as one frame are not videos.
 */
export const UPLOADED_INPUT = [
  '-format_whitelist',
  'mov,matroska,avi,mpegts,mpeg,flv,asf,mxf,ogg,dv',
  '-protocol_whitelist',
  'file',
];
const PROBE_TIMEOUT_MS = 120_000;
const FRAME_TIMEOUT_MS = 300_000;

/** What ffprobe learnt about an uploaded file. */
export interface MediaProbe {
  /** A moving-picture stream; the cover picture of an audio file does not count. */
  hasVideo: boolean;
  /** Seconds, when the container or the video stream says (a live-recorded WebM may not). */
  durationSeconds: number | null;
}

interface FfprobeOutput {
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
  format?: { duration?: string };
}

/** True when ffmpeg ran and refused the input (an exit code), not when it failed to start, crashed or timed out. */
export function refusedInput(error: unknown): boolean {
  const failure = error as { code?: unknown; killed?: boolean };
  return typeof failure.code === 'number' && !failure.killed;
}

function positiveSeconds(value: string | undefined): number | null {
  const seconds = Number(value);
  return value && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** True when the program was ended by a signal it did not get from our timeout: it crashed. */
function crashed(error: unknown): boolean {
  const failure = error as { signal?: unknown; killed?: boolean };
  return typeof failure.signal === 'string' && !failure.killed;
}

/**
 * Probes an uploaded file on local disk; null when it cannot be read as media of an accepted
 * container. A probe that cannot run or times out throws: that is ours to fix, not the file's fault.
 * The bundled ffprobe (build 2023-07-21) crashes with SIGSEGV on every MPEG-TS file, which is what
 * camcorders record (.ts, .mts, .m2ts): when it crashes, the bundled ffmpeg (another build) reads it.
 */
export async function probeMedia(file: string): Promise<MediaProbe | null> {
  try {
    return await probeWithFfprobe(file);
  } catch (error) {
    if (crashed(error)) return probeWithFfmpeg(file);
    throw error;
  }
}

/**
 * ffprobe's JSON description of an uploaded file, asking `entries` (its `-show_entries` and any stream
 * selection); null when ffprobe refuses the file as not media it can read.
 */
export async function probeJson<T>(file: string, entries: string[]): Promise<T | null> {
  try {
    const { stdout } = await run(
      ffprobePath,
      ['-v', 'error', ...UPLOADED_INPUT, '-print_format', 'json', ...entries, file],
      { timeout: PROBE_TIMEOUT_MS },
    );
    return JSON.parse(stdout) as T;
  } catch (error) {
    if (refusedInput(error)) return null;
    throw error;
  }
}

async function probeWithFfprobe(file: string): Promise<MediaProbe | null> {
  const output = await probeJson<FfprobeOutput>(file, [
    '-show_entries',
    'format=duration:stream=codec_type,duration:stream_disposition=attached_pic',
  ]);
  if (!output) return null;
  const video = output.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  return {
    hasVideo: video !== undefined,
    durationSeconds: positiveSeconds(output.format?.duration) ?? positiveSeconds(video?.duration),
  };
}

/**
 * The same answer from ffmpeg's description of its input (stderr), copying nothing (`-t 0` to the null
 * muxer): the input's "Duration: HH:MM:SS.cc" and its "Stream #i:j: Video:" lines, cover pictures aside.
 */
async function probeWithFfmpeg(file: string): Promise<MediaProbe | null> {
  let stderr: string;
  try {
    ({ stderr } = await run(
      ffmpegPath,
      [
        '-hide_banner',
        ...UPLOADED_INPUT,
        '-i',
        file,
        '-map',
        '0',
        '-c',
        'copy',
        '-t',
        '0',
        '-f',
        'null',
        '-',
      ],
      { timeout: PROBE_TIMEOUT_MS },
    ));
  } catch (error) {
    if (refusedInput(error)) return null;
    throw error;
  }
  const input = stderr.split(/^Output #0/m)[0] ?? '';
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(input);
  const seconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0;
  const hasVideo = input
    .split('\n')
    .some((line) => /Stream #\d+:\d+.*: Video: /.test(line) && !line.includes('(attached pic)'));
  return { hasVideo, durationSeconds: seconds > 0 ? seconds : null };
}

/**
 * One frame of an uploaded video at `atSeconds` as a PNG, shown at its display aspect (non-square
 * pixels corrected) and scaled to fit within `box`; null when there is no frame there to decode.
 * It decodes up to that point rather than jumping there (`-ss` after `-i`): meant for the first
 * seconds, and some files (an AVI, say) cannot be jumped into at all.
 */
export async function grabFrame(
  file: string,
  atSeconds: number,
  box: { width: number; height: number },
): Promise<Buffer | null> {
  const fit = `scale=${box.width}:${box.height}:force_original_aspect_ratio=decrease`;
  try {
    const { stdout } = await run(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        ...UPLOADED_INPUT,
        '-i',
        file,
        ...(atSeconds > 0 ? ['-ss', String(atSeconds)] : []),
        '-an',
        '-sn',
        '-frames:v',
        '1',
        '-vf',
        `scale=iw*sar:ih,setsar=1,${fit}`,
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024, timeout: FRAME_TIMEOUT_MS },
    );
    return stdout.length > 0 ? stdout : null;
  } catch (error) {
    if (refusedInput(error)) return null;
    throw error;
  }
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

/** The ffmpeg binary shipped inside an npm package: no system install needed. */
export const ffmpegPath: string = ffmpegInstaller.path;

/**
 * Renders a short H.264/AAC MP4 from one of ffmpeg's built-in test sources (`mandelbrot`, `life`,
 * `smptehdbars` ...). Used for demo data and tests, so they have real, playable files.
 */
export async function renderTestVideo(source: string, seconds: number, outFile: string): Promise<void> {
  const [name, options] = source.split(/=(.*)/s);
  const input = `${name}=${options ? `${options}:` : ''}size=640x360:rate=25`;
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    input,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100`,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
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

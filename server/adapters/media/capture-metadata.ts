import { captureMetadataOf, type MediaTags } from '../../../common/capture-metadata';
import type { CaptureMetadata } from '../../../common/contracts/capture-metadata';
import { probeJson } from './ffmpeg';

interface TagsProbe {
  format?: { tags?: MediaTags };
  streams?: { codec_type?: string; tags?: MediaTags }[];
}

/** What a file's tags say of its filming; every field null when they say nothing. */
export async function readCaptureMetadata(file: string): Promise<CaptureMetadata> {
  const output = await probeJson<TagsProbe>(file, [
    '-show_entries',
    'format_tags:stream=codec_type:stream_tags',
  ]);
  const video = output?.streams?.find((stream) => stream.codec_type === 'video');
  return captureMetadataOf(output?.format?.tags ?? {}, video?.tags ?? {});
}

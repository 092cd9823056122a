import type { CaptureMetadata } from './contracts/capture-metadata';

/**
 * What a video file's container tags say of its filming, from the tags by name as ffprobe names them:
 * the processing job reads them with ffprobe, the submission form with `readMp4Tags` (common/mp4-tags.ts)
 * in the browser, and both interpret them here.
 */
export type MediaTags = Record<string, string>;

/**
 * The encoder tags of software that re-encodes (editors, converters, and FFmpeg's libraries, which most
 * converters and many sites' pipelines use). A phone or camera writes none, or its own name.
 */
const EDITORS: readonly [RegExp, string][] = [
  [/^Lav[fc](\d|\s|$)/, 'FFmpeg'],
  [/HandBrake/i, 'HandBrake'],
  [/Premiere/i, 'Adobe Premiere'],
  [/Adobe Media Encoder/i, 'Adobe Media Encoder'],
  [/After Effects/i, 'Adobe After Effects'],
  [/CapCut/i, 'CapCut'],
  [/InShot/i, 'InShot'],
  [/iMovie/i, 'iMovie'],
  [/Final Cut/i, 'Final Cut Pro'],
  [/DaVinci|Resolve/i, 'DaVinci Resolve'],
  [/KineMaster/i, 'KineMaster'],
  [/Clipchamp/i, 'Clipchamp'],
  [/Shotcut/i, 'Shotcut'],
];

/** Files without a clock write 1904 or 1970 (their formats' zero): no date, not a date. */
const EARLIEST_CAPTURE = Date.UTC(1990, 0, 1);

/** The facts in a file's container tags, and its video stream's where the container has none. */
export function captureMetadataOf(formatTags: MediaTags, streamTags: MediaTags): CaptureMetadata {
  const container = byLowerName(formatTags);
  const tag = (...names: string[]) => firstTag([container, byLowerName(streamTags)], names);
  const captured =
    zonedTime(tag('com.apple.quicktime.creationdate')) ?? zonedTime(tag('creation_time', 'date'));
  const make = tag('com.apple.quicktime.make', 'com.android.manufacturer', 'make');
  const model = tag('com.apple.quicktime.model', 'com.android.model', 'model');
  const androidVersion = tag('com.android.version');
  // The container's: a stream's `encoder` in QuickTime is its codec's name ("H.264" from an iPhone).
  const encoder = firstTag([container], ['encoder']);
  return {
    capturedAt: captured?.instant ?? null,
    capturedOffset: captured?.offset ?? null,
    location: iso6709(tag('com.apple.quicktime.location.ISO6709', 'location', 'location-eng')),
    device: deviceName(make, model),
    software:
      tag('com.apple.quicktime.software') ?? (androidVersion ? `Android ${androidVersion}` : tag('software')),
    encoder,
    editedWith: (encoder && EDITORS.find(([pattern]) => pattern.test(encoder))?.[1]) ?? null,
  };
}

/** Tags by their lower-case name: files differ in the case of the same key. */
function byLowerName(tags: MediaTags): Map<string, string> {
  return new Map(Object.entries(tags).map(([key, value]) => [key.toLowerCase(), value]));
}

/** The first non-empty value of any of `names` (matched without regard to case), in the sources' order. */
function firstTag(sources: Map<string, string>[], names: string[]): string | null {
  for (const byName of sources) {
    for (const name of names) {
      const value = byName.get(name.toLowerCase())?.trim();
      if (value) return value;
    }
  }
  return null;
}

/** "Apple" and "iPhone 15 Pro" -> "Apple iPhone 15 Pro"; a model that already names its maker stays. */
function deviceName(make: string | null, model: string | null): string | null {
  if (!model) return make;
  if (!make || model.toLowerCase().startsWith(make.toLowerCase())) return model;
  return `${make} ${model}`;
}

const ZONED = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})?$/;

/** "2026-11-20T14:03:11+0200" or "...Z": the instant, and the offset when the file gave one. */
function zonedTime(value: string | null): { instant: string; offset: string | null } | null {
  const match = value ? ZONED.exec(value) : null;
  if (!match) return null;
  const zone = match[2] ?? 'Z';
  const offset = zone === 'Z' ? null : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const time = new Date(`${match[1]!.replace(' ', 'T')}${offset ?? 'Z'}`);
  if (Number.isNaN(time.getTime()) || time.getTime() < EARLIEST_CAPTURE) return null;
  return { instant: time.toISOString(), offset };
}

const ISO_6709 = /^([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)?(?:CRS[^/]*)?\/?$/;

/**
 * A point in ISO 6709 ("+34.6786+033.0413+012.345/"), in decimal degrees or in degrees and minutes
 * (and seconds) as the standard allows. A point at exactly 0,0 is what devices without a fix write.
 */
function iso6709(value: string | null): CaptureMetadata['location'] {
  const match = value ? ISO_6709.exec(value.replace(/\s/g, '')) : null;
  if (!match) return null;
  const lat = degrees(match[1]!, 2);
  const lng = degrees(match[2]!, 3);
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180) || (lat === 0 && lng === 0)) return null;
  return { lat, lng, altitudeMetres: match[3] ? Number(match[3]) : null };
}

/** ±DD.D, ±DDMM.M or ±DDMMSS.S (DDD for longitudes) in decimal degrees; NaN for anything else. */
function degrees(signed: string, degreeDigits: number): number {
  const sign = signed.startsWith('-') ? -1 : 1;
  const [whole = '', fraction] = signed.slice(1).split('.');
  const rest = fraction === undefined ? '' : `.${fraction}`;
  const parts = [
    whole.slice(0, degreeDigits),
    whole.slice(degreeDigits, degreeDigits + 2),
    whole.slice(degreeDigits + 2),
  ];
  switch (whole.length - degreeDigits) {
    case 0:
      return sign * Number(`${whole}${rest}`);
    case 2:
      return sign * (Number(parts[0]) + Number(`${parts[1]}${rest}`) / 60);
    case 4:
      return sign * (Number(parts[0]) + Number(parts[1]) / 60 + Number(`${parts[2]}${rest}`) / 3600);
    default:
      return Number.NaN;
  }
}

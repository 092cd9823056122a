import type { MediaTags } from './capture-metadata';

/**
 * The tags of an MP4 or QuickTime file, named as ffprobe names its format tags, read from a `Blob`: the
 * submission form reads what the chosen file says of its filming before a byte of it is sent (the
 * processing job reads the same with ffprobe; a test holds the two equal). Only the boxes' headers and the
 * movie box are read, a few slices of a file of any size, wherever the movie box lies.
 *
 * No library fits: the well-kept MP4 parsers read tracks and samples, not QuickTime's metadata keys
 * (ISO/IEC 14496-12 and Apple's QuickTime File Format give the boxes read here).
 */
export async function readMp4Tags(file: Blob): Promise<MediaTags> {
  const tags: MediaTags = {};
  try {
    const movie = await movieBox(file);
    if (movie) readMovie(movie, tags);
  } catch {
    // A damaged or foreign file says nothing, as ffprobe's reading of it would.
  }
  return tags;
}

/** A movie box larger than this is no phone's (a 4 GB clip's is a few MB): it is not read. */
const MAX_MOVIE_BYTES = 64 * 1024 * 1024;
/** How many top-level boxes are looked through for the movie box (a file has a handful). */
const MAX_TOP_LEVEL_BOXES = 64;
/** Seconds from QuickTime's epoch (1904) to the Unix one (1970). */
const QUICKTIME_EPOCH_SECONDS = 2_082_844_800;

/** ffprobe's names for the user data's and item list's four-character tags (FFmpeg's mov demuxer). */
const ITEM_NAMES: Record<string, string> = {
  '©day': 'date',
  '©too': 'encoder',
  '©swr': 'encoder',
  '©enc': 'encoder',
  '©xyz': 'location',
  '©mak': 'make',
  '©mod': 'model',
};

interface Box {
  type: string;
  /** Where its content starts and where the box ends, in the view it was found in. */
  content: number;
  end: number;
}

const text = new TextDecoder();
const fourcc = (view: DataView, at: number) =>
  String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + at, 4));
const utf8 = (view: DataView, start: number, end: number) =>
  text
    .decode(new Uint8Array(view.buffer, view.byteOffset + start, Math.max(0, end - start)))
    .replace(/\0+$/, '');

/**
 * A box's header at `at` of `view`: its type, header length and whole size, which may reach `left` bytes
 * from `at` (beyond the view for a top-level box, whose header alone is read); null if it is no header.
 */
function boxHeader(view: DataView, at: number, left: number) {
  if (at + 8 > view.byteLength) return null;
  const declared = view.getUint32(at);
  const header = declared === 1 ? 16 : 8;
  if (at + header > view.byteLength) return null;
  const size = declared === 1 ? Number(view.getBigUint64(at + 8)) : declared === 0 ? left : declared;
  if (size < header || size > left) return null;
  return { type: fourcc(view, at + 4), header, size };
}

/** The box whose header starts at `at`, if it fits before `limit`. */
function boxAt(view: DataView, at: number, limit: number): Box | null {
  const found = boxHeader(view, at, limit - at);
  return found && { type: found.type, content: at + found.header, end: at + found.size };
}

/** The boxes inside `start`..`end` of `view`, in order. */
function* children(view: DataView, start: number, end: number): Generator<Box> {
  for (let at = start; ; ) {
    const box = boxAt(view, at, end);
    if (!box) return;
    yield box;
    at = box.end;
  }
}

/** The movie box's content, found by stepping over the top-level boxes (the media data may come first). */
async function movieBox(file: Blob): Promise<DataView | null> {
  for (let at = 0, seen = 0; at + 8 <= file.size && seen < MAX_TOP_LEVEL_BOXES; seen++) {
    // The header alone: the box's content lies beyond it (a top-level box may be gigabytes of media).
    const head = new DataView(await file.slice(at, at + 16).arrayBuffer());
    const box = boxHeader(head, 0, file.size - at);
    if (!box || !/^[\x20-\x7e©]{4}$/.test(box.type)) return null;
    if (box.type === 'moov') {
      if (box.size > MAX_MOVIE_BYTES) return null;
      return new DataView(await file.slice(at + box.header, at + box.size).arrayBuffer());
    }
    at += box.size;
  }
  return null;
}

/** The movie header's creation time, and the metadata of the movie and of its user data. */
function readMovie(movie: DataView, tags: MediaTags): void {
  for (const box of children(movie, 0, movie.byteLength)) {
    if (box.type === 'mvhd') readMovieHeader(movie, box, tags);
    if (box.type === 'meta') readMeta(movie, box, tags);
    if (box.type === 'udta') readUserData(movie, box, tags);
  }
}

function readMovieHeader(view: DataView, box: Box, tags: MediaTags): void {
  const version = view.getUint8(box.content);
  const seconds =
    version === 1 ? Number(view.getBigUint64(box.content + 4)) : view.getUint32(box.content + 4);
  // Zero is a file without a clock: ffprobe leaves the tag out.
  if (seconds > 0) tags.creation_time ??= new Date((seconds - QUICKTIME_EPOCH_SECONDS) * 1000).toISOString();
}

/** User data: QuickTime's text items ('©xyz': a length, a language, the text) and an iTunes-style meta. */
function readUserData(view: DataView, box: Box, tags: MediaTags): void {
  for (const item of children(view, box.content, box.end)) {
    if (item.type === 'meta') readMeta(view, item, tags);
    const place = item.type === 'loci' ? locationText(view, item) : null;
    if (place) tags.location ??= place;
    const name = ITEM_NAMES[item.type];
    if (!name || item.end - item.content < 4) continue;
    const length = view.getUint16(item.content);
    tags[name] ??= utf8(view, item.content + 4, Math.min(item.end, item.content + 4 + length));
  }
}

/**
 * 3GPP's location box (what FFmpeg writes into an MP4): version and flags, a language, a place name ending
 * in a zero byte, a role, then longitude, latitude and altitude in 16.16 fixed point. Written as ffprobe
 * writes it, in ISO 6709.
 */
function locationText(view: DataView, box: Box): string | null {
  let at = box.content + 6;
  while (at < box.end && view.getUint8(at) !== 0) at++;
  at += 2; // the name's zero byte, the role
  if (at + 12 > box.end) return null;
  const [lng, lat, altitude] = [0, 4, 8].map((shift) => view.getInt32(at + shift) / 65_536) as [
    number,
    number,
    number,
  ];
  const signed = (value: number, digits: number) =>
    `${value < 0 ? '-' : '+'}${Math.abs(value)
      .toFixed(4)
      .padStart(digits + 5, '0')}`;
  const height = altitude ? `${altitude < 0 ? '-' : '+'}${Math.abs(altitude).toFixed(6)}` : '';
  return `${signed(lat, 2)}${signed(lng, 3)}${height}/`;
}

/**
 * A metadata box: QuickTime's (keys named in 'keys', values in 'ilst' by key index) or iTunes' (values
 * in 'ilst' under four-character names). QuickTime's has no version and flags before its children.
 */
function readMeta(view: DataView, box: Box, tags: MediaTags): void {
  const quickTime = fourcc(view, box.content + 4) === 'hdlr';
  const start = quickTime ? box.content : box.content + 4;
  const keys: string[] = [];
  for (const child of children(view, start, box.end)) {
    if (child.type === 'keys') readKeys(view, child, keys);
    if (child.type !== 'ilst') continue;
    for (const item of children(view, child.content, child.end)) {
      const index = view.getUint32(item.content - 4);
      const name = keys[index - 1] ?? ITEM_NAMES[item.type];
      const value = name ? itemText(view, item) : null;
      if (name && value !== null) tags[name] ??= value;
    }
  }
}

/** 'keys': a count, then each key as a size, a namespace ('mdta') and its name. */
function readKeys(view: DataView, box: Box, keys: string[]): void {
  const count = view.getUint32(box.content + 4);
  let at = box.content + 8;
  for (let i = 0; i < count && at + 8 <= box.end; i++) {
    const size = view.getUint32(at);
    if (size < 8) return;
    keys.push(utf8(view, at + 8, Math.min(box.end, at + size)));
    at += size;
  }
}

/** An item's 'data' box as text: type 1 is UTF-8, the type of every tag read here. */
function itemText(view: DataView, item: Box): string | null {
  for (const data of children(view, item.content, item.end)) {
    if (data.type !== 'data' || data.end - data.content < 8) continue;
    if ((view.getUint32(data.content) & 0xffffff) !== 1) return null;
    return utf8(view, data.content + 8, data.end);
  }
  return null;
}

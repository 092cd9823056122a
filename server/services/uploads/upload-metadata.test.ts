import { describe, expect, it } from 'vitest';
import { readStoredMetadata, storedContentType, videoStoragePath } from './upload-metadata';

const videoId = '0b7f6d2e-4c1a-4f3e-9a77-5d2c8e1f0a11';

describe('videoStoragePath', () => {
  it("takes the file name's extension, lower-cased, and mp4 when there is none", () => {
    expect(videoStoragePath(videoId, 'Holiday.MOV')).toBe(`videos/${videoId}.mov`);
    expect(videoStoragePath(videoId, 'clip')).toBe(`videos/${videoId}.mp4`);
    expect(videoStoragePath(videoId, 'odd.name.with spaces')).toBe(`videos/${videoId}.mp4`);
    expect(videoStoragePath(videoId, 'x./../../etc')).toBe(`videos/${videoId}.mp4`);
    // Only a video extension is kept: local disk serves a file by its extension.
    for (const name of ['evil.svg', 'page.html', 'notes.TXT', 'doc.pdf']) {
      expect(videoStoragePath(videoId, name), name).toBe(`videos/${videoId}.mp4`);
    }
  });
});

describe('storedContentType', () => {
  it('believes only video types', () => {
    expect(storedContentType('video/mp4')).toBe('video/mp4');
    expect(storedContentType('text/html')).toBe('application/octet-stream');
    expect(storedContentType(undefined)).toBe('application/octet-stream');
  });
});

describe('readStoredMetadata', () => {
  it('needs an owner: an upload without one belongs to nobody', () => {
    expect(readStoredMetadata({ videoId, filename: 'a.mp4' })).toBeUndefined();
    expect(readStoredMetadata({ videoId, filename: 'a.mp4', userId: 'u1', filetype: null })).toEqual({
      videoId,
      filename: 'a.mp4',
      userId: 'u1',
      filetype: undefined,
    });
  });
});

import { describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import { VIDEO_STATUS_BADGE, VIDEO_STATUSES } from '../../common/video-status';
import { chooseThumbnail, youtubeThumbnailFor } from './video-thumbnail';

describe('thumbnail choice', () => {
  it("uses YouTube's image service at the size that fits a card", () => {
    expect(youtubeThumbnailFor('abc', 100)).toBe('https://i.ytimg.com/vi/abc/default.jpg');
    expect(youtubeThumbnailFor('abc', 120)).toBe('https://i.ytimg.com/vi/abc/default.jpg');
    expect(youtubeThumbnailFor('abc', 300)).toBe('https://i.ytimg.com/vi/abc/mqdefault.jpg');
    expect(youtubeThumbnailFor('abc', 400)).toBe('https://i.ytimg.com/vi/abc/hqdefault.jpg');
    expect(youtubeThumbnailFor('abc', 640)).toBe('https://i.ytimg.com/vi/abc/sddefault.jpg');
    expect(youtubeThumbnailFor('abc', 900)).toBe('https://i.ytimg.com/vi/abc/maxresdefault.jpg');
    expect(youtubeThumbnailFor('abc', 4000)).toBe('https://i.ytimg.com/vi/abc/maxresdefault.jpg');
  });

  it('offers every YouTube size to the browser, and prefers YouTube over the own thumbnail', () => {
    const choice = chooseThumbnail({ youtubeId: 'dQw4w9WgXcQ', thumbnailUrl: '/files/t.jpg' });
    expect(choice).toEqual({
      kind: 'youtube',
      src: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
      srcSet: [
        'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg 120w',
        'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg 320w',
        'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg 480w',
        'https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg 640w',
        'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg 1280w',
      ].join(', '),
      fallback: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
  });

  it("falls back to the video's own thumbnail, then to the colour bars", () => {
    expect(chooseThumbnail({ youtubeId: null, thumbnailUrl: '/files/t.jpg' })).toEqual({
      kind: 'own',
      src: '/files/t.jpg',
    });
    // With its WebP card sizes once they are made.
    const srcSet = '/files/t.w320.webp 320w, /files/t.w640.webp 640w';
    expect(
      chooseThumbnail({ youtubeId: null, thumbnailUrl: '/files/t.jpg', thumbnailSrcSet: srcSet }),
    ).toEqual({ kind: 'own', src: '/files/t.jpg', srcSet });
    expect(chooseThumbnail({ youtubeId: '  ', thumbnailUrl: null })).toEqual({ kind: 'bars' });
    expect(chooseThumbnail({ youtubeId: null, thumbnailUrl: null })).toEqual({ kind: 'bars' });
  });

  it('escapes an odd YouTube id in the URL', () => {
    expect(youtubeThumbnailFor('a/b?c', 320)).toBe('https://i.ytimg.com/vi/a%2Fb%3Fc/mqdefault.jpg');
  });
});

describe('status badge table (SPEC 4.1)', () => {
  it('gives every status its label and colour', () => {
    expect(VIDEO_STATUS_BADGE).toEqual({
      not_uploaded: { label: 'notUploaded', colour: 'red' },
      not_verified: { label: 'notVerified', colour: 'none' },
      duplicate: { label: 'duplicate', colour: 'red' },
      declined: { label: 'declined', colour: 'red' },
      approved: { label: 'processing', colour: 'green' },
      yt_upload_retry: { label: 'processing', colour: 'green' },
      yt_upload_error: { label: 'processing', colour: 'green' },
      yt_removed: { label: 'processing', colour: 'green' },
      yt_uploaded: { label: 'processing', colour: 'green' },
      ready: { label: 'approved', colour: 'green' },
      archived: { label: 'archived', colour: 'black' },
    });
    expect(Object.keys(VIDEO_STATUS_BADGE).sort()).toEqual([...VIDEO_STATUSES].sort());
  });

  it('shows the labels of the table in English', () => {
    const label = (status: keyof typeof VIDEO_STATUS_BADGE) =>
      en.videos.status[VIDEO_STATUS_BADGE[status].label as keyof typeof en.videos.status];
    expect(label('not_uploaded')).toBe('Not uploaded');
    expect(label('not_verified')).toBe('Not verified');
    expect(label('yt_removed')).toBe('Processing');
    expect(label('ready')).toBe('Approved');
    expect(label('archived')).toBe('Archived');
  });
});

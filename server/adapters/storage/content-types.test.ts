import { describe, expect, it } from 'vitest';
import { isVideoExtension, servedContentType } from './content-types';

describe('servedContentType', () => {
  it('serves videos and raster pictures as themselves, to be shown in the page', () => {
    expect(servedContentType('videos/a.mp4')).toEqual({ type: 'video/mp4', download: false });
    expect(servedContentType('videos/a.MOV')).toEqual({ type: 'video/quicktime', download: false });
    expect(servedContentType('signatures/a.png')).toEqual({ type: 'image/png', download: false });
    expect(servedContentType('tv_pending/a.jpg')).toEqual({ type: 'image/jpeg', download: false });
  });

  it('serves anything a browser could run (SVG, HTML, PDF, text, unknown) as bytes to download', () => {
    for (const path of ['a.svg', 'a.html', 'a.pdf', 'a.json', 'a.txt', 'a.xyz', 'noextension']) {
      expect(servedContentType(`videos/${path}`), path).toEqual({
        type: 'application/octet-stream',
        download: true,
      });
    }
  });
});

describe('isVideoExtension', () => {
  it('knows the video extensions, whatever their case, and nothing else', () => {
    expect(['mp4', 'MOV', 'webm', 'mkv'].every(isVideoExtension)).toBe(true);
    expect(['svg', 'html', 'jpg', 'constructor', ''].some(isVideoExtension)).toBe(false);
  });
});

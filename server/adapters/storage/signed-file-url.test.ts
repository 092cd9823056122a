import { describe, expect, it } from 'vitest';
import { forPage, secondsLeft } from './signed-file-url';
import { MAX_SIGNED_URL_SECONDS } from './storage';

describe('forPage', () => {
  it('turns a URL of our own site into a path, and leaves a bucket URL alone', () => {
    expect(forPage('http://localhost:3000/api/files/videos/a.mp4?x=1', 'http://localhost:3000')).toBe(
      '/api/files/videos/a.mp4?x=1',
    );
    expect(forPage('https://clips.example.org/api/files/a?x', 'https://clips.example.org/')).toBe(
      '/api/files/a?x',
    );
    const bucket = 'https://clips.s3.eu-west-1.amazonaws.com/videos/a.mp4?X-Amz-Signature=1';
    expect(forPage(bucket, 'https://clips.example.org')).toBe(bucket);
    // A look-alike host is not our site.
    expect(forPage('https://clips.example.org.evil.test/a', 'https://clips.example.org')).toBe(
      'https://clips.example.org.evil.test/a',
    );
  });
});

describe('secondsLeft', () => {
  it('counts down plain unix seconds up to the longest lifetime, and refuses anything else', () => {
    expect(secondsLeft('1060', 1000)).toBe(60);
    expect(secondsLeft('1000', 1000)).toBe(0);
    expect(secondsLeft(String(1000 + MAX_SIGNED_URL_SECONDS), 1000)).toBe(MAX_SIGNED_URL_SECONDS);
    for (const expires of [
      undefined,
      '',
      '999',
      'Infinity',
      '1e20',
      '100000000000000000000',
      String(1001 + MAX_SIGNED_URL_SECONDS),
      '1060.5',
      ' 1060',
      '0x500',
    ]) {
      expect(secondsLeft(expires, 1000), String(expires)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { forPage } from './signed-file-url';

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

import { describe, expect, it } from 'vitest';
import { parseExternalVideoId } from './external-video-link';

describe('parseExternalVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?feature=share&v=a-B_c1D2e3F', 'a-B_c1D2e3F'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://YOUTU.BE/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('reads %s', (link, id) => {
    expect(parseExternalVideoId(link)).toBe(id);
  });

  it.each([
    [''],
    ['dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQX'],
    ['https://www.youtube.com/watch?v=dQw4w9WgX$Q'],
    ['https://www.youtube.com/watch'],
    ['https://www.youtube.com/channel/UCxyz'],
    ['https://www.youtube.com/shorts/'],
    ['https://youtu.be/'],
    ['https://youtu.be/dQw4w9WgXcQ/extra'],
    ['https://vimeo.com/123456789'],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['https://evil.example/youtu.be/dQw4w9WgXcQ'],
    ['https://youtube-nocookie.com/shorts/dQw4w9WgXcQ'],
    ['javascript:alert(1)//youtu.be/dQw4w9WgXcQ'],
    ['ftp://youtu.be/dQw4w9WgXcQ'],
    ['https://user:pw@youtu.be/dQw4w9WgXcQ'],
  ])('refuses %s', (link) => {
    expect(parseExternalVideoId(link)).toBeNull();
  });
});

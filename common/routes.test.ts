import { describe, expect, it } from 'vitest';
import {
  buildPath,
  buildTitle,
  isUnderscorePath,
  ROUTES,
  stripUnderscoreSegments,
  typedSearchPath,
} from './routes';

describe('buildPath', () => {
  it('fills named parameters', () => {
    expect(buildPath(ROUTES.myLicensePay, { licenseRequestId: 'abc' })).toBe('/me/licenses/abc/pay');
  });
  it('encodes values so a keyword list stays one readable segment', () => {
    expect(buildPath(ROUTES.searchResults, { keyword: 'sea,sun/fun' })).toBe('/videos/search/sea,sun%2Ffun');
    expect(buildPath(ROUTES.searchResults, { keyword: 'θάλασσα,ήλιος' })).toBe(
      `/videos/search/${encodeURIComponent('θάλασσα')},${encodeURIComponent('ήλιος')}`,
    );
  });
  it('collapses double slashes', () => {
    expect(buildPath('//videos//:videoId/', { videoId: 7 })).toBe('/videos/7/');
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath(ROUTES.video, {})).toThrow(/videoId/);
  });
});

describe('stripUnderscoreSegments', () => {
  it('drops underscore segments and keeps query and hash', () => {
    expect(stripUnderscoreSegments('/_/videos/_/x?a=1#top')).toBe('/videos/x?a=1#top');
  });
  it('keeps segments that merely contain underscores', () => {
    expect(stripUnderscoreSegments('/_/video_edits')).toBe('/video_edits');
  });
  it('leads home when nothing is left', () => {
    expect(stripUnderscoreSegments('/_/__/')).toBe('/');
  });
  it('recognises the redirect prefix only', () => {
    expect(isUnderscorePath('/_/me')).toBe(true);
    expect(isUnderscorePath('/_')).toBe(true);
    expect(isUnderscorePath('/_me')).toBe(false);
  });
});

describe('buildTitle', () => {
  it('puts the most specific name first and the brand last', () => {
    expect(buildTitle(['Billing address', 'Settings'], 'Clipmarket')).toBe(
      'Billing address | Settings | Clipmarket',
    );
  });
  it('is the brand alone on home', () => {
    expect(buildTitle([], 'Clipmarket')).toBe('Clipmarket');
  });
  it('skips empty names (a title still loading)', () => {
    expect(buildTitle(['', 'Videos'], 'Clipmarket')).toBe('Videos | Clipmarket');
  });
});

describe('typedSearchPath', () => {
  it('splits what was typed on commas into the search route, or the search page when nothing was', () => {
    expect(typedSearchPath(' colour ,  night,, ')).toBe('/videos/search/colour,night');
    expect(typedSearchPath(' , ')).toBe('/videos/search');
  });
});

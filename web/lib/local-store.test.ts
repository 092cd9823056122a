import { describe, expect, it } from 'vitest';
import { readCached, readLocal, writeCached, writeLocal } from './local-store';

// No window here: these run on the in-memory fallback a browser without local storage gets.
describe('cached documents', () => {
  it('keeps the document with its loaded time, validity and ttl, as JSON', () => {
    const cached = writeCached('test.doc', { a: 1 }, 1000, 5000);
    expect(cached).toEqual({ loaded: 5000, validUntil: 6000, ttl: 1000, data: { a: 1 } });
    expect(readLocal('test.doc')).toEqual(cached);
  });

  it('answers the document while its ttl holds, and nothing after or before it was loaded', () => {
    writeCached('test.ttl', ['x'], 1000, 5000);
    expect(readCached('test.ttl', 5999)?.data).toEqual(['x']);
    expect(readCached('test.ttl', 6000)).toBeNull();
    expect(readCached('test.ttl', 4000)).toBeNull();
  });

  it('ignores a missing or malformed document', () => {
    expect(readCached('test.none')).toBeNull();
    writeLocal('test.bad', { data: 1 });
    expect(readCached('test.bad')).toBeNull();
  });
});

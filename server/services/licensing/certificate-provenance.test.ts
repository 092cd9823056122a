import { describe, expect, it } from 'vitest';
import type { VideoProvenance } from '../../../common/contracts/capture-metadata';
import { captureDifferences } from '../../../common/provenance';
import { RE_ENCODED } from '../../../tests/support/capture-metadata';
import { textsIn } from '../mail/mail-templates';
import { provenanceLines } from './certificate-provenance';

/** The Paphos demo clip: the file says a week earlier and up the coast from what was typed. */
const typed = {
  date: '2026-08-21',
  time: '18:05',
  coordinates: { lat: 34.7534, lng: 32.4062 },
  address: 'Paphos Harbour',
};
const capture = {
  capturedAt: '2026-08-14T15:02:40.000Z',
  capturedOffset: '+03:00',
  location: { lat: 34.8553, lng: 32.3656, altitudeMetres: null },
  device: 'Apple iPhone 13',
  software: '17.5.1',
  encoder: null,
  editedWith: null,
};
const facts: VideoProvenance = {
  capture,
  sha256: 'ab'.repeat(32),
  sizeBytes: 3_100_000,
  uploadedAt: '2026-11-26T14:32:00.000Z',
  typed,
  copyCheck: 'no_copy',
  differences: captureDifferences(capture, typed),
};

describe("the certificate's From the file lines", () => {
  it('state the hash, the capture time in UTC with its offset, the place, the phone, and both warnings', () => {
    expect(provenanceLines(facts, textsIn('en'), 'en')).toEqual([
      ['SHA-256 of the original', 'ab'.repeat(32)],
      ['Copies on the platform', 'No earlier video on the platform matches its frames.'],
      ['Filmed', 'Aug 14, 2026, 3:02 PM UTC (UTC+03:00 where filmed)'],
      ['Place', '34.85530, 32.36560'],
      ['Device', 'Apple iPhone 13 · 17.5.1'],
      [
        'The file and the details given differ',
        'The file says it was filmed on Aug 14, 2026: 7 days from the shooting date given (Aug 21, 2026).',
      ],
      [
        'The file and the details given differ',
        "The file's location is 11.9 km from the place given (Paphos Harbour).",
      ],
    ]);
  });

  it('are written in Greek for a Greek buyer', () => {
    const lines = provenanceLines(facts, textsIn('el'), 'el');
    expect(lines[0]?.[0]).toBe('SHA-256 του αρχικού');
    expect(lines.at(-1)?.[1]).toBe(
      'Η τοποθεσία του αρχείου απέχει 11,9 χλμ. από τον τόπο που δόθηκε (Paphos Harbour).',
    );
  });

  it('say what staff found of a possible copy, never which video it resembles', () => {
    const lines = provenanceLines({ ...facts, copyCheck: 'possible_copy' }, textsIn('en'), 'en');
    expect(lines[1]).toEqual([
      'Copies on the platform',
      'Its frames resemble an earlier video on the platform: our staff are checking it.',
    ]);
    expect(provenanceLines({ ...facts, copyCheck: 'duplicate' }, textsIn('el'), 'el')[1]?.[1]).toBe(
      'Το προσωπικό μας διαπίστωσε ότι είναι αντίγραφο προηγούμενου βίντεο της πλατφόρμας.',
    );
  });

  it('say so when the file carries no capture data, and name the software that wrote it', () => {
    const bare = RE_ENCODED;
    const lines = provenanceLines(
      { ...facts, capture: bare, differences: captureDifferences(bare, typed) },
      textsIn('en'),
      'en',
    );
    expect(lines.slice(2)).toEqual([
      ['Filmed', 'No capture data in the file: it says nothing about when or where it was filmed.'],
      ['Re-encoded with', 'The file was written by FFmpeg, not by a camera: it may be a copy or an edit.'],
    ]);
  });
});

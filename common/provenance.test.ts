import { describe, expect, it } from 'vitest';
import { NO_CAPTURE } from '../tests/support/capture-metadata';
import type { CaptureMetadata } from './contracts/capture-metadata';
import { captureDifferences, distanceKm, localCaptureDate, localCaptureTime } from './provenance';

const NICOSIA = { lat: 35.1856, lng: 33.3823 };
const LIMASSOL = { lat: 34.7071, lng: 33.0226 };

const capture = (fields: Partial<CaptureMetadata>): CaptureMetadata => ({ ...NO_CAPTURE, ...fields });

describe('the file against what the creator typed', () => {
  it('reads the capture day where it was filmed: late evening in Cyprus is the next day in UTC terms', () => {
    expect(localCaptureDate({ capturedAt: '2026-11-20T23:30:00.000Z', capturedOffset: '+02:00' })).toBe(
      '2026-11-21',
    );
    expect(localCaptureDate({ capturedAt: '2026-11-20T01:30:00.000Z', capturedOffset: '-05:00' })).toBe(
      '2026-11-19',
    );
    expect(localCaptureDate({ capturedAt: '2026-11-20T23:30:00.000Z', capturedOffset: null })).toBe(
      '2026-11-20',
    );
    expect(localCaptureDate({ capturedAt: null, capturedOffset: '+02:00' })).toBeNull();
  });

  it("gives the form the day and time where it was filmed, else in the creator's own zone", () => {
    const at = '2026-11-20T23:30:00.000Z';
    expect(localCaptureTime({ capturedAt: at, capturedOffset: '+02:00' }, -300)).toEqual({
      date: '2026-11-21',
      time: '01:30',
    });
    // No offset in the file: the creator's (UTC-05:00 here) stands in for it.
    expect(localCaptureTime({ capturedAt: at, capturedOffset: null }, -300)).toEqual({
      date: '2026-11-20',
      time: '18:30',
    });
    expect(localCaptureTime({ capturedAt: at, capturedOffset: null })?.time).toBe('23:30');
  });

  it('measures places as the crow flies: Nicosia to Limassol is about 62 km', () => {
    expect(distanceKm(NICOSIA, LIMASSOL)).toBeGreaterThan(60);
    expect(distanceKm(NICOSIA, LIMASSOL)).toBeLessThan(64);
    expect(distanceKm(NICOSIA, NICOSIA)).toBe(0);
  });

  it('warns past a day or a few kilometres, not within them', () => {
    const filed = capture({
      capturedAt: '2026-11-20T10:00:00.000Z',
      capturedOffset: '+02:00',
      location: { ...NICOSIA, altitudeMetres: null },
    });
    expect(captureDifferences(filed, { date: '2026-11-21', coordinates: { lat: 35.2, lng: 33.39 } })).toEqual(
      {
        days: 1,
        kilometres: 1.7,
        dateDiffers: false,
        placeDiffers: false,
      },
    );
    expect(captureDifferences(filed, { date: '2026-11-17', coordinates: LIMASSOL })).toMatchObject({
      days: 3,
      dateDiffers: true,
      placeDiffers: true,
    });
  });

  it('compares nothing that one side does not say', () => {
    const none = { days: null, kilometres: null, dateDiffers: false, placeDiffers: false };
    expect(captureDifferences(null, { date: '2026-11-21', coordinates: NICOSIA })).toEqual(none);
    expect(captureDifferences(capture({}), { date: '2026-11-21', coordinates: NICOSIA })).toEqual(none);
    expect(
      captureDifferences(
        capture({ capturedAt: '2026-11-20T10:00:00.000Z', location: { ...NICOSIA, altitudeMetres: 3 } }),
        {
          date: null,
          coordinates: null,
        },
      ),
    ).toEqual(none);
  });
});

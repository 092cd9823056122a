import type { CaptureMetadata, VideoProvenance } from './contracts/capture-metadata';
import type { Coordinates } from './contracts/location';
import { formatDay } from './dates';

/**
 * When the file and the creator disagree enough to warn whoever relies on the clip (issue 33): a
 * shooting date more than a day from the file's, a place more than a few kilometres from the file's
 * fix (a phone's GPS is off by metres; a typed address names a street or a town).
 */
export const DATE_TOLERANCE_DAYS = 1;
export const PLACE_TOLERANCE_KM = 5;

const DAY_MS = 86_400_000;
const EARTH_RADIUS_KM = 6371.0088;

/** The calendar day of an instant where it was filmed (its offset), else in UTC: 'YYYY-MM-DD'. */
export function localCaptureDate(
  capture: Pick<CaptureMetadata, 'capturedAt' | 'capturedOffset'>,
): string | null {
  return localCaptureTime(capture)?.date ?? null;
}

/**
 * The day and clock time ('HH:MM') of the capture where it was filmed: at the offset the file wrote, else
 * at `fallbackOffsetMinutes` east of UTC (UTC unless given; the submission form gives the creator's own).
 */
export function localCaptureTime(
  capture: Pick<CaptureMetadata, 'capturedAt' | 'capturedOffset'>,
  fallbackOffsetMinutes = 0,
): { date: string; time: string } | null {
  if (!capture.capturedAt) return null;
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(capture.capturedOffset ?? '');
  const minutes = offset
    ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
    : fallbackOffsetMinutes;
  const local = new Date(Date.parse(capture.capturedAt) + minutes * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Great-circle distance between two points (haversine), in kilometres. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How far the file's time and place are from the typed ones, where both are known. */
export function captureDifferences(
  capture: CaptureMetadata | null,
  typed: Pick<VideoProvenance['typed'], 'date' | 'coordinates'>,
): VideoProvenance['differences'] {
  const fileDate = capture && localCaptureDate(capture);
  const days =
    fileDate && typed.date
      ? Math.round(
          Math.abs(Date.parse(`${fileDate}T00:00:00Z`) - Date.parse(`${typed.date}T00:00:00Z`)) / DAY_MS,
        )
      : null;
  const kilometres =
    capture?.location && typed.coordinates
      ? Math.round(distanceKm(capture.location, typed.coordinates) * 10) / 10
      : null;
  return {
    days: days !== null && Number.isNaN(days) ? null : days,
    kilometres,
    dateDiffers: days !== null && days > DATE_TOLERANCE_DAYS,
    placeDiffers: kilometres !== null && kilometres > PLACE_TOLERANCE_KM,
  };
}

/** A text lookup, as the translator's `t` (common/translator.ts) is called here. */
type Translate = (key: string, params: Record<string, string | number>) => string;

/**
 * The warnings the video page's card and the license certificate both give, in `language`: the file's
 * capture day against the typed shooting date, the kilometres between the file's fix and the typed
 * place. Empty when they agree within the tolerances (or one side is unknown).
 */
export function provenanceWarnings(
  facts: Pick<VideoProvenance, 'capture' | 'differences' | 'typed'>,
  t: Translate,
  language: string,
): string[] {
  const { capture, differences, typed } = facts;
  const warnings: string[] = [];
  const fileDate = capture && localCaptureDate(capture);
  if (differences.dateDiffers && fileDate && typed.date)
    warnings.push(
      t('provenance.dateDiffers', {
        fileDate: formatDay(fileDate, language),
        days: differences.days ?? 0,
        typedDate: formatDay(typed.date, language),
      }),
    );
  if (differences.placeDiffers) {
    const km = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(
      differences.kilometres ?? 0,
    );
    warnings.push(
      typed.address
        ? t('provenance.placeDiffers', { km, address: typed.address })
        : t('provenance.placeDiffersNoAddress', { km }),
    );
  }
  return warnings;
}

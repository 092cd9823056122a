import type { PlaceFilter } from '../../../common/contracts/search';
import { formatDay } from '../../../common/dates';
import type { TFunction } from '../../../common/translator';

/** How the filter of the days reads: "Filmed Mar 1, 2026 – Mar 5, 2026", or from or until one day. */
export function datesLabel(
  days: { shotFrom: string | null; shotTo: string | null },
  t: TFunction,
  language: string,
): string | null {
  const from = days.shotFrom && formatDay(days.shotFrom, language);
  const to = days.shotTo && formatDay(days.shotTo, language);
  if (from && to) return t('search.filmedBetween', { from, to });
  if (from) return t('search.filmedFrom', { from });
  return to ? t('search.filmedUntil', { to }) : null;
}

/** How the filter of the place reads: "Within 25 km of Limassol" (or of the point, without a name). */
export function placeLabel(near: PlaceFilter, name: string, t: TFunction): string {
  const place = name || `${near.lat.toFixed(4)}, ${near.lng.toFixed(4)}`;
  return t('search.filmedNear', { radius: near.radiusKm, place });
}

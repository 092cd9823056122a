import { LIMITS } from '../../../common/constants';
import type { SearchFilters } from '../../../common/contracts/search';

/**
 * A search's filters as its address holds them (`?lat=…&lng=…&radiusKm=…&place=…&shotFrom=…&shotTo=…`),
 * so a filtered search can be shared, bookmarked, reloaded and rendered by the server like any other.
 * `place` is the name the filter shows; the API reads the point.
 */
export interface AddressFilters extends SearchFilters {
  place: string;
}

export const NO_FILTERS: AddressFilters = { near: null, shotFrom: null, shotTo: null, place: '' };

/** The distances offered, in km. */
export const RADIUS_CHOICES = [5, 10, 25, 50, 100, 250, LIMITS.searchRadiusMaxKm] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of an address's query; a part that is missing or malformed is left out. */
export function filtersOf(params: URLSearchParams): AddressFilters {
  const number = (name: string) => {
    const text = params.get(name)?.trim();
    const value = text ? Number(text) : Number.NaN;
    return Number.isFinite(value) ? value : null;
  };
  const [lat, lng, radiusKm] = [number('lat'), number('lng'), number('radiusKm')];
  const day = (name: string) => {
    const text = params.get(name);
    return text && DAY.test(text) ? text : null;
  };
  const near =
    lat !== null && lng !== null && radiusKm !== null && radiusKm > 0
      ? { lat, lng, radiusKm: Math.min(radiusKm, LIMITS.searchRadiusMaxKm) }
      : null;
  return {
    near,
    shotFrom: day('shotFrom'),
    shotTo: day('shotTo'),
    place: near ? (params.get('place') ?? '') : '',
  };
}

export const hasFilters = (filters: SearchFilters) =>
  filters.near !== null || filters.shotFrom !== null || filters.shotTo !== null;

/** The API's query parameters for the filters (none for none). */
export function filterQuery(filters: SearchFilters) {
  return {
    ...(filters.near && { lat: filters.near.lat, lng: filters.near.lng, radiusKm: filters.near.radiusKm }),
    ...(filters.shotFrom && { shotFrom: filters.shotFrom }),
    ...(filters.shotTo && { shotTo: filters.shotTo }),
  };
}

/** The address's query for the filters, with its `?`, or '' for none. */
export function filterSearch(filters: AddressFilters): string {
  const params = new URLSearchParams(
    Object.entries(filterQuery(filters)).map(([name, value]) => [name, String(value)]),
  );
  if (filters.near && filters.place) params.set('place', filters.place);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One filter less: the place, or the dates. */
export function without(filters: AddressFilters, part: 'place' | 'dates'): AddressFilters {
  return part === 'place'
    ? { ...filters, near: null, place: '' }
    : { ...filters, shotFrom: null, shotTo: null };
}

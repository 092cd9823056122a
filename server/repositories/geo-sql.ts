import { type RawBuilder, sql } from 'kysely';
import type { PlaceFilter } from '../../common/contracts/search';

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** A point in SQL: columns or numbers. */
export interface SqlPoint {
  lat: RawBuilder<unknown> | number;
  lng: RawBuilder<unknown> | number;
}

/**
 * The circle's bounding box in degrees. `west` and `east` run past +-180 when the circle crosses the 180th
 * meridian (a point there is inside at its longitude +-360); near a pole the box spans every longitude.
 */
export function boundingBox({ lat, lng, radiusKm }: PlaceFilter) {
  const latSpan = radiusKm / KM_PER_DEGREE;
  const cosLat = Math.cos((Math.min(Math.abs(lat) + latSpan, 90) * Math.PI) / 180);
  const lngSpan = cosLat > 1e-6 ? radiusKm / (KM_PER_DEGREE * cosLat) : 180;
  const everyLongitude = lngSpan >= 180;
  return {
    south: lat - latSpan,
    north: lat + latSpan,
    west: everyLongitude ? -180 : lng - lngSpan,
    east: everyLongitude ? 180 : lng + lngSpan,
  };
}

/** The great-circle distance in km between two points (haversine). */
export function distanceKm(a: SqlPoint, b: SqlPoint): RawBuilder<number> {
  return sql<number>`2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      power(sin(radians(${a.lat} - ${b.lat}) / 2), 2)
      + cos(radians(${b.lat})) * cos(radians(${a.lat})) * power(sin(radians(${a.lng} - ${b.lng}) / 2), 2))))`;
}

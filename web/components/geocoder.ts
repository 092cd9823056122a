import type { Coordinates } from '../../common/contracts/location';

/** The public Nominatim, where the configuration names no geocoder of its own. */
export const DEFAULT_GEOCODER = 'https://nominatim.openstreetmap.org';

/** One answer of a Nominatim search, as far as we read it. */
interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  /** [south, north, west, east] as strings (Nominatim's order). */
  boundingbox?: unknown;
}

/** An address suggestion: its text, its point, and the box around it ([south, west, north, east]). */
export interface PlaceSuggestion {
  address: string;
  coordinates: Coordinates;
  viewport: [number, number, number, number] | null;
}

/** The search URL of a Nominatim-compatible geocoder (its public API: `/search?format=jsonv2`). */
export function geocoderSearchUrl(geocoderUrl: string, query: string, language: string, limit = 5): string {
  const params = new URLSearchParams({
    format: 'jsonv2',
    q: query,
    'accept-language': language,
    limit: String(limit),
  });
  return `${geocoderUrl.replace(/\/+$/, '')}/search?${params}`;
}

const finite = (value: unknown): number | null => {
  const number = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
};

/** Turns a Nominatim answer into suggestions, skipping anything malformed and repeated addresses. */
export function parseNominatimPlaces(body: unknown): PlaceSuggestion[] {
  if (!Array.isArray(body)) return [];
  const seen = new Set<string>();
  const suggestions: PlaceSuggestion[] = [];
  for (const place of body as NominatimPlace[]) {
    const address = typeof place?.display_name === 'string' ? place.display_name.trim() : '';
    const lat = finite(place?.lat);
    const lng = finite(place?.lon);
    if (!address || lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
    if (seen.has(address)) continue;
    seen.add(address);
    const box = Array.isArray(place.boundingbox) ? place.boundingbox.map(finite) : [];
    const [south, north, west, east] = box;
    const viewport: PlaceSuggestion['viewport'] =
      box.length === 4 && box.every((value) => value !== null)
        ? [south as number, west as number, north as number, east as number]
        : null;
    suggestions.push({ address, coordinates: { lat, lng }, viewport });
  }
  return suggestions;
}

/** Asks the geocoder; throws when it cannot be reached or answers with an error. */
export async function searchPlaces(
  geocoderUrl: string,
  query: string,
  language: string,
  signal?: AbortSignal,
): Promise<PlaceSuggestion[]> {
  // A cross-origin call without our cookies: the geocoder needs none.
  const response = await fetch(geocoderSearchUrl(geocoderUrl, query, language), {
    signal,
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  return parseNominatimPlaces(await response.json());
}

/** The reverse URL of a Nominatim-compatible geocoder (its public API: `/reverse?format=jsonv2`). */
export function geocoderReverseUrl(geocoderUrl: string, point: Coordinates, language: string): string {
  const params = new URLSearchParams({
    format: 'jsonv2',
    lat: String(point.lat),
    lon: String(point.lng),
    'accept-language': language,
  });
  return `${geocoderUrl.replace(/\/+$/, '')}/reverse?${params}`;
}

/** The address at a point (the file's own fix), or null where the geocoder knows none; throws when unreachable. */
export async function placeAt(
  geocoderUrl: string,
  point: Coordinates,
  language: string,
): Promise<PlaceSuggestion | null> {
  const response = await fetch(geocoderReverseUrl(geocoderUrl, point, language), {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  // One place, not a list; "Unable to geocode" is an object without a name, read as none.
  return parseNominatimPlaces([await response.json()])[0] ?? null;
}

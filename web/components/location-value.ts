import { MAP_DEFAULT_ZOOM } from '../../common/constants';
import type { Coordinates, VideoLocation } from '../../common/contracts/location';
import type { PlaceSuggestion } from './geocoder';

/** A location with nothing entered yet. */
export function emptyLocation(): VideoLocation {
  return {
    address: '',
    coordinates: null,
    addressCoordinates: null,
    addressViewport: null,
    zoom: MAP_DEFAULT_ZOOM,
  };
}

/** A chosen suggestion sets the address, the geocoded point and box, and puts the marker there. */
export function chooseSuggestion(value: VideoLocation, place: PlaceSuggestion): VideoLocation {
  return {
    ...value,
    address: place.address,
    addressCoordinates: place.coordinates,
    addressViewport: place.viewport,
    coordinates: place.coordinates,
  };
}

const samePoint = (a: Coordinates | null | undefined, b: Coordinates | null | undefined) =>
  Boolean(a && b && a.lat === b.lat && a.lng === b.lng);

/**
 * Typing a new address forgets the point the geocoder found for the old one, and the marker too when
 * it still stood there; a marker the person placed themselves stays.
 */
export function typeAddress(value: VideoLocation, address: string): VideoLocation {
  const markerFromGeocoder = samePoint(value.coordinates, value.addressCoordinates);
  return {
    ...value,
    address,
    addressCoordinates: null,
    addressViewport: null,
    coordinates: markerFromGeocoder ? null : value.coordinates,
  };
}

/** What the form sends: nothing when neither an address nor a point was given. */
export function locationForSubmission(value: VideoLocation): VideoLocation | null {
  const address = value.address.trim();
  if (!address && !value.coordinates) return null;
  return { ...value, address };
}

import { describe, expect, it } from 'vitest';
import { chooseSuggestion, emptyLocation, locationForSubmission, typeAddress } from './location-value';

const limassol = {
  address: 'Limassol, Cyprus',
  coordinates: { lat: 34.68, lng: 33.04 },
  viewport: [34.6, 32.9, 34.8, 33.2] as [number, number, number, number],
};

describe('location value', () => {
  it('takes the address, point and box of a chosen place and puts the marker on it', () => {
    expect(chooseSuggestion(emptyLocation(), limassol)).toEqual({
      address: 'Limassol, Cyprus',
      coordinates: { lat: 34.68, lng: 33.04 },
      addressCoordinates: { lat: 34.68, lng: 33.04 },
      addressViewport: [34.6, 32.9, 34.8, 33.2],
      zoom: 12,
    });
  });

  it('forgets the geocoded point when the address is typed over, but keeps a marker placed by hand', () => {
    const chosen = chooseSuggestion(emptyLocation(), limassol);
    expect(typeAddress(chosen, 'Limassol port')).toMatchObject({
      address: 'Limassol port',
      coordinates: null,
      addressCoordinates: null,
      addressViewport: null,
    });
    const dragged = { ...chosen, coordinates: { lat: 34.7, lng: 33.05 } };
    expect(typeAddress(dragged, 'Limassol port').coordinates).toEqual({ lat: 34.7, lng: 33.05 });
  });

  it('sends an address without coordinates (geocoder unreachable), and nothing for an empty field', () => {
    expect(locationForSubmission(typeAddress(emptyLocation(), '  Old harbour, Limassol '))).toMatchObject({
      address: 'Old harbour, Limassol',
      coordinates: null,
    });
    expect(locationForSubmission(emptyLocation())).toBeNull();
  });
});

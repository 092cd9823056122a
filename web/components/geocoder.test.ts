import { describe, expect, it } from 'vitest';
import { geocoderReverseUrl, geocoderSearchUrl, parseNominatimPlaces } from './geocoder';

describe('geocoder', () => {
  it('asks the Nominatim search API in the UI language for five places', () => {
    expect(geocoderSearchUrl('https://nominatim.openstreetmap.org/', 'Πλατεία Συντάγματος', 'el')).toBe(
      'https://nominatim.openstreetmap.org/search?format=jsonv2&q=%CE%A0%CE%BB%CE%B1%CF%84%CE%B5%CE%AF%CE%B1+%CE%A3%CF%85%CE%BD%CF%84%CE%AC%CE%B3%CE%BC%CE%B1%CF%84%CE%BF%CF%82&accept-language=el&limit=5',
    );
  });

  it('asks the reverse API for the address at a point, in the UI language', () => {
    expect(
      geocoderReverseUrl('https://nominatim.openstreetmap.org/', { lat: 34.6786, lng: 33.0413 }, 'el'),
    ).toBe(
      'https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat=34.6786&lon=33.0413&accept-language=el',
    );
  });

  it('reads places with their point and turns the bounding box into [south, west, north, east]', () => {
    const places = parseNominatimPlaces([
      {
        display_name: 'Limassol, Cyprus',
        lat: '34.6786322',
        lon: '33.0413055',
        boundingbox: ['34.6', '34.8', '32.9', '33.2'],
      },
      { display_name: 'Limassol, Cyprus', lat: '1', lon: '2' },
      { display_name: 'No box', lat: 10, lon: 20 },
      { display_name: 'Broken', lat: 'x', lon: '2' },
      { display_name: 'Off the globe', lat: '95', lon: '2' },
      { lat: '1', lon: '2' },
    ]);
    expect(places).toEqual([
      {
        address: 'Limassol, Cyprus',
        coordinates: { lat: 34.6786322, lng: 33.0413055 },
        viewport: [34.6, 32.9, 34.8, 33.2],
      },
      { address: 'No box', coordinates: { lat: 10, lng: 20 }, viewport: null },
    ]);
  });

  it('answers nothing for a body that is not a list', () => {
    expect(parseNominatimPlaces({ error: 'Unable to geocode' })).toEqual([]);
    expect(parseNominatimPlaces(null)).toEqual([]);
  });
});

import { Autocomplete, Loader, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { GEOCODE_DEBOUNCE_MS } from '../../common/constants';
import type { Coordinates, VideoLocation } from '../../common/contracts/location';
import { usePublicConfig } from '../lib/public-config';
import { useTranslation } from '../lib/translation';
import { useUiLanguage } from './country-select';
import { DEFAULT_GEOCODER, searchPlaces } from './geocoder';
import { LocationMap } from './location-map';
import { chooseSuggestion, typeAddress } from './location-value';

/** Where an empty map looks: the eastern Mediterranean, where the product started, seen from afar. */
const EMPTY_MAP_CENTER: Coordinates = { lat: 36.5, lng: 28 };
const EMPTY_MAP_ZOOM = 4;
const MIN_QUERY_LENGTH = 3;

/**
 * Where a video was shot: an address with suggestions from the geocoder (debounced), and a map whose
 * marker can be dragged or placed with a click. Without a reachable geocoder the address text alone is
 * kept. Controlled (`value`/`onChange`), so the upload and the edit forms share it.
 */
export function LocationField({
  value,
  onChange,
  error,
  focusKey: placedFrom,
}: {
  value: VideoLocation;
  onChange: (value: VideoLocation) => void;
  error?: string;
  /** Changed when the place was set from outside the field (the file's own): the map moves to it. */
  focusKey?: string;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const geocoderUrl = usePublicConfig()?.geocoderUrl ?? DEFAULT_GEOCODER;
  const [focusKey, setFocusKey] = useState('initial');
  // Map events (a zoom after fitting a chosen place) may fire after the next render: use the latest value.
  const latest = useRef(value);
  latest.current = value;
  const [query] = useDebouncedValue(value.address.trim(), GEOCODE_DEBOUNCE_MS);
  // A chosen suggestion already has its point: no need to ask again for its own text.
  const searching = query.length >= MIN_QUERY_LENGTH && !value.addressCoordinates;
  const places = useQuery({
    queryKey: ['geocoder', geocoderUrl, language, query],
    queryFn: ({ signal }) => searchPlaces(geocoderUrl, query, language, signal),
    enabled: searching,
    retry: false,
    staleTime: 60 * 60_000,
  });
  const suggestions = searching ? (places.data ?? []) : [];

  // Choosing an option also sets the input's text to it, in the same event: handle both as one change,
  // or the text change would undo the choice.
  const handleAddress = (address: string) => {
    const place = suggestions.find((candidate) => candidate.address === address);
    if (!place) {
      onChange(typeAddress(latest.current, address));
      return;
    }
    onChange(chooseSuggestion(latest.current, place));
    setFocusKey(`${place.coordinates.lat},${place.coordinates.lng}`);
  };
  const handleMarker = (point: Coordinates) => onChange({ ...latest.current, coordinates: point });
  const handleZoom = (zoom: number) => {
    const current = latest.current;
    if (current.coordinates && zoom !== current.zoom) onChange({ ...current, zoom });
  };

  const point = value.coordinates ?? value.addressCoordinates ?? null;
  return (
    <Stack gap={6}>
      <Autocomplete
        label={t('location.address')}
        description={t('location.addressHint')}
        placeholder={t('location.addressPlaceholder')}
        value={value.address}
        onChange={handleAddress}
        data={suggestions.map((place) => place.address)}
        // The geocoder already filtered: show its answers as they are.
        filter={({ options }) => options}
        // The geocoder's short list shows whole: no scroll box that a keyboard could not reach (the
        // arrows pick from the field)
        withScrollArea={false}
        maxLength={300}
        autoComplete="off"
        leftSection={<IconMapPin size={18} />}
        rightSection={places.isFetching ? <Loader size={16} /> : null}
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid="location-address"
      />
      {places.isError && searching && (
        <Text size="xs" c="orange.8" role="status" data-testid="geocoder-unavailable">
          {t('location.geocoderUnavailable')}
        </Text>
      )}
      <LocationMap
        center={point ?? EMPTY_MAP_CENTER}
        zoom={point ? value.zoom : EMPTY_MAP_ZOOM}
        marker={point}
        viewport={value.addressViewport}
        focusKey={`${focusKey}|${placedFrom ?? ''}`}
        draggable
        onMarkerChange={handleMarker}
        onZoomChange={handleZoom}
        label={t('location.mapLabel')}
      />
      <Text size="xs" c="dimmed">
        {point
          ? t('location.markerHint', { latitude: point.lat.toFixed(5), longitude: point.lng.toFixed(5) })
          : t('location.noMarkerHint')}
      </Text>
    </Stack>
  );
}

/**
 * The location of a form whose values hold one (the upload and the edit forms), with the form's error
 * (the address's first) shown translated.
 */
export function FormLocationField<V extends { location: VideoLocation }>({
  form,
  focusKey,
}: {
  form: UseFormReturnType<V>;
  focusKey?: string;
}) {
  const { t } = useTranslation();
  const error = form.errors['location.address'] ?? form.errors.location;
  return (
    <LocationField
      value={form.values.location}
      // Mantine cannot resolve a path's value type on a generic form; it is V['location'], a VideoLocation.
      onChange={(location) => form.setFieldValue('location', location as never)}
      error={error ? t(String(error)) : undefined}
      focusKey={focusKey}
    />
  );
}

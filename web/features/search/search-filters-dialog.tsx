import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { MAP_DEFAULT_ZOOM } from '../../../common/constants';
import type { VideoLocation } from '../../../common/contracts/location';
import { LocationField } from '../../components/location-field';
import { WideModal } from '../../components/wide-modal';
import { useTranslation } from '../../lib/translation';
import { type AddressFilters, NO_FILTERS, RADIUS_CHOICES } from './search-filters';

const DEFAULT_RADIUS_KM = 25;

/** A titled group of the dialog's fields. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} fz="h5" component="legend" p={0} mb="xs">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Where and when the videos were filmed: a place (an address with suggestions, or the marker on the map)
 * with a distance around it, and the first and last day. Nothing changes until "Show videos".
 */
export function SearchFiltersDialog({
  filters,
  onApply,
  onClose,
}: {
  filters: AddressFilters;
  onApply: (next: AddressFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [location, setLocation] = useState<VideoLocation>({
    address: filters.place,
    coordinates: filters.near && { lat: filters.near.lat, lng: filters.near.lng },
    addressCoordinates: null,
    addressViewport: null,
    zoom: filters.near ? 10 : MAP_DEFAULT_ZOOM,
  });
  const [radius, setRadius] = useState(String(filters.near?.radiusKm ?? DEFAULT_RADIUS_KM));
  const [shotFrom, setShotFrom] = useState(filters.shotFrom ?? '');
  const [shotTo, setShotTo] = useState(filters.shotTo ?? '');
  const [errors, setErrors] = useState<{ place?: string; dates?: string }>({});
  const point = location.coordinates ?? location.addressCoordinates ?? null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      // An address typed while the geocoder is unreachable has no point to measure from.
      place: location.address.trim() && !point ? 'searchFilters.placeNeedsPoint' : undefined,
      dates: shotFrom && shotTo && shotFrom > shotTo ? 'search.errors.datesReversed' : undefined,
    };
    setErrors(found);
    if (found.place || found.dates) return;
    const place =
      location.address.trim() || (point ? `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}` : '');
    onApply({
      near: point && { lat: point.lat, lng: point.lng, radiusKm: Number(radius) },
      place: point ? place : '',
      shotFrom: shotFrom || null,
      shotTo: shotTo || null,
    });
  };

  return (
    <WideModal opened onClose={onClose} title={t('searchFilters.title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="xl">
          <Part title={t('searchFilters.placeLegend')}>
            <LocationField
              value={location}
              onChange={setLocation}
              error={errors.place ? t(errors.place) : undefined}
            />
            <NativeSelect
              label={t('searchFilters.radius')}
              value={radius}
              onChange={(event) => setRadius(event.currentTarget.value)}
              data={RADIUS_CHOICES.map((km) => ({
                value: String(km),
                label: t('searchFilters.radiusOption', { count: km }),
              }))}
              maw={240}
            />
          </Part>
          <Part title={t('searchFilters.datesLegend')}>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                type="date"
                label={t('searchFilters.from')}
                value={shotFrom}
                onChange={(event) => setShotFrom(event.currentTarget.value)}
                miw={160}
              />
              <TextInput
                type="date"
                label={t('searchFilters.to')}
                value={shotTo}
                min={shotFrom || undefined}
                onChange={(event) => setShotTo(event.currentTarget.value)}
                error={errors.dates ? t(errors.dates) : undefined}
                miw={160}
              />
            </Group>
          </Part>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onApply(NO_FILTERS)}>
              {t('searchFilters.clear')}
            </Button>
            <Button type="submit">{t('searchFilters.apply')}</Button>
          </Group>
        </Stack>
      </form>
    </WideModal>
  );
}

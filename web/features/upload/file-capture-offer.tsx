import { Alert, Button, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFileInfo } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { captureMetadataOf } from '../../../common/capture-metadata';
import type { CaptureMetadata } from '../../../common/contracts/capture-metadata';
import { readMp4Tags } from '../../../common/mp4-tags';
import { localCaptureTime } from '../../../common/provenance';
import { useUiLanguage } from '../../components/country-select';
import { DEFAULT_GEOCODER, placeAt } from '../../components/geocoder';
import { useDates } from '../../lib/dates';
import { usePublicConfig } from '../../lib/public-config';
import { useTranslation } from '../../lib/translation';
import type { UploadValues } from './upload-values';

/** How close the map comes to the file's point: a street, as after choosing an address. */
const PLACE_ZOOM = 16;

/**
 * What the chosen file says of its filming, read in the browser before it is sent (issue 33): its capture
 * day, time and place, offered as the shooting date, time and place. Nothing is filled until the creator
 * takes them; they can still change every field afterwards.
 */
export function FileCaptureOffer({
  form,
  onPlaced,
}: {
  form: UseFormReturnType<UploadValues>;
  /** Called when the file's place was put on the map, so that the map moves to it. */
  onPlaced: (key: string) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const language = useUiLanguage();
  const geocoderUrl = usePublicConfig()?.geocoderUrl ?? DEFAULT_GEOCODER;
  const file = form.values.file;
  const capture = useFileCapture(file);
  const [takenFor, setTakenFor] = useState<File | null>(null);
  if (!file || !capture || (!capture.capturedAt && !capture.location)) return null;

  // No zone in the file (a mvhd time is UTC): the creator's own, where they most likely filmed.
  const zoneMinutes = capture.capturedAt ? -new Date(capture.capturedAt).getTimezoneOffset() : 0;
  const local = localCaptureTime(capture, zoneMinutes);
  const point = capture.location;

  const take = () => {
    setTakenFor(file);
    if (local) {
      form.setFieldValue('date', local.date);
      form.setFieldValue('time', local.time);
    }
    if (!point) return;
    const coordinates = { lat: point.lat, lng: point.lng };
    const placed = { ...form.getValues().location, coordinates, zoom: PLACE_ZOOM };
    form.setFieldValue('location', { ...placed, addressCoordinates: null, addressViewport: null });
    onPlaced(`${coordinates.lat},${coordinates.lng}`);
    // The address of the point, when the geocoder knows one; without it the pin alone says where.
    placeAt(geocoderUrl, coordinates, language)
      .then((place) => {
        const current = form.getValues().location;
        const moved = current.coordinates?.lat !== point.lat || current.coordinates?.lng !== point.lng;
        if (!place || moved) return; // the creator moved the pin since: theirs wins
        form.setFieldValue('location', {
          ...current,
          address: place.address,
          addressCoordinates: coordinates,
        });
      })
      .catch(() => undefined);
  };

  return (
    <Alert
      color="blue"
      icon={<IconFileInfo size={20} />}
      title={t('upload.fromFile.title')}
      data-testid="file-capture-offer"
    >
      {local && (
        <Text size="sm">
          {t(capture.capturedOffset ? 'upload.fromFile.whenZoned' : 'upload.fromFile.when', {
            date: dates.day(local.date),
            time: dates.clockTime(local.time),
            offset: capture.capturedOffset,
          })}
        </Text>
      )}
      {point && (
        <Text size="sm">
          {t('upload.fromFile.where', { latitude: point.lat.toFixed(5), longitude: point.lng.toFixed(5) })}
        </Text>
      )}
      {capture.device && <Text size="sm">{t('upload.fromFile.device', { device: capture.device })}</Text>}
      <Group mt="xs">
        {takenFor === file ? (
          <Text size="sm" fw={600} role="status">
            {t('upload.fromFile.taken')}
          </Text>
        ) : (
          <Button size="xs" variant="light" onClick={take}>
            {t('upload.fromFile.take')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** What `file` says of its filming, once read (null before, and for a file that says nothing). */
function useFileCapture(file: File | null): CaptureMetadata | null {
  const [read, setRead] = useState<{ file: File; capture: CaptureMetadata } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    void readMp4Tags(file).then((tags) => {
      if (current) setRead({ file, capture: captureMetadataOf(tags, {}) });
    });
    return () => {
      current = false;
    };
  }, [file]);
  return read?.file === file ? read.capture : null;
}

import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconClock, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MAP_DEFAULT_ZOOM } from '../../../common/constants';
import type { VideoDetail } from '../../../common/contracts/videos';
import { lazyWithAllTexts } from '../../components/lazy-when';
import { WhenVisible } from '../../components/when-visible';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';

// Leaflet is large: the map arrives after the rest of the page.
const LocationMap = lazyWithAllTexts(async () => (await import('../../components/location-map')).LocationMap);

/** One fact of a details card: an icon, a small label, the value (long values wrap anywhere). */
export function DetailRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/** The Details block (SPEC 2.3): when and where the video was shot, with the place on a map. */
export function VideoDetails({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const { day, clockTime } = useDates();
  const { date, time, location } = video;
  const point = location?.coordinates ?? location?.addressCoordinates ?? null;
  const hasAnything = Boolean(date || location?.address || point);

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="video-details-title">
      <Title order={2} fz="lg" id="video-details-title" mb="md">
        {t('videos.details.title')}
      </Title>
      <Stack gap="md">
        {!hasAnything && (
          <Text size="sm" c="dimmed">
            {t('videos.details.none')}
          </Text>
        )}
        {date && (
          <DetailRow icon={<IconCalendar size={18} />} label={t('videos.details.date')}>
            <time dateTime={date}>{day(date)}</time>
          </DetailRow>
        )}
        {date && time && (
          <DetailRow icon={<IconClock size={18} />} label={t('videos.details.time')}>
            <time dateTime={time}>{clockTime(time)}</time>
          </DetailRow>
        )}
        {location?.address && (
          <DetailRow icon={<IconMapPin size={18} />} label={t('videos.details.address')}>
            {location.address}
          </DetailRow>
        )}
        {point && (
          <WhenVisible height={240}>
            <LocationMap
              center={point}
              zoom={location?.zoom ?? MAP_DEFAULT_ZOOM}
              marker={point}
              label={t('videos.details.mapLabel', { place: location?.address || video.title })}
              height={240}
            />
          </WhenVisible>
        )}
      </Stack>
    </Card>
  );
}

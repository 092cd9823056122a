import { Alert, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendar,
  IconCircleCheck,
  IconCopy,
  IconDeviceMobile,
  IconFingerprint,
  IconMapPin,
  IconUpload,
  IconWand,
} from '@tabler/icons-react';
import type { CaptureMetadata, VideoProvenance } from '../../../common/contracts/capture-metadata';
import { provenanceWarnings } from '../../../common/provenance';
import { lazyWithAllTexts } from '../../components/lazy-when';
import { WhenVisible } from '../../components/when-visible';
import { useDates } from '../../lib/dates';
import { formatFileSize } from '../../lib/file-size';
import { useTranslation } from '../../lib/translation';
import { useVideoProvenance } from './api';
import { DetailRow } from './video-details';

const LocationMap = lazyWithAllTexts(async () => (await import('../../components/location-map')).LocationMap);

/** The zoom of a phone's GPS fix: a few streets around it. */
const FIX_ZOOM = 14;

/**
 * "From the file" (issue 33): what the original says of its own filming, beside what its creator typed,
 * with a warning where they differ by more than a day or a few kilometres. For staff, license managers
 * and holders of a license of the video (the server refuses everyone else).
 */
export function ProvenanceCard({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const provenance = useVideoProvenance(videoId);
  return (
    <Card
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="provenance-title"
      data-testid="provenance-card"
    >
      <Title order={2} fz="lg" id="provenance-title" mb={4}>
        {t('provenance.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {t('provenance.intro')}
      </Text>
      {provenance.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('provenance.loading')}</Text>
        </Group>
      )}
      {provenance.isError && (
        <Alert color="red" title={t('provenance.loadError')}>
          <Button variant="light" color="red" size="xs" onClick={() => void provenance.refetch()}>
            {t('provenance.retry')}
          </Button>
        </Alert>
      )}
      {provenance.data && <ProvenanceFacts facts={provenance.data} />}
    </Card>
  );
}

function ProvenanceFacts({ facts }: { facts: VideoProvenance }) {
  const { t, i18n } = useTranslation();
  const { dateTime } = useDates();
  const { capture } = facts;
  return (
    <Stack gap="md">
      <Differences facts={facts} />
      {!capture && <Text size="sm">{t('provenance.notRead')}</Text>}
      {capture && !capture.capturedAt && !capture.location && !capture.device && (
        <Text size="sm" data-testid="provenance-no-capture">
          {t('provenance.noCapture')}
        </Text>
      )}
      {capture && <CaptureFacts capture={capture} />}
      {facts.sha256 && (
        <DetailRow icon={<IconFingerprint size={18} />} label={t('provenance.sha256')}>
          <Code style={{ wordBreak: 'break-all' }}>{facts.sha256}</Code>
        </DetailRow>
      )}
      <DetailRow icon={<IconCopy size={18} />} label={t('provenance.copyCheck')}>
        <span data-testid="provenance-copy-check">{t(`provenance.copyResult.${facts.copyCheck}`)}</span>
      </DetailRow>
      <DetailRow icon={<IconUpload size={18} />} label={t('provenance.uploaded')}>
        <time dateTime={facts.uploadedAt}>{dateTime(facts.uploadedAt)}</time>
        {facts.sizeBytes !== null && ` · ${formatFileSize(facts.sizeBytes, i18n.language ?? 'en')}`}
      </DetailRow>
    </Stack>
  );
}

function CaptureFacts({ capture }: { capture: CaptureMetadata }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const point = capture.location;
  return (
    <>
      {capture.capturedAt && (
        <DetailRow icon={<IconCalendar size={18} />} label={t('provenance.filmed')}>
          <time dateTime={capture.capturedAt}>
            {capture.capturedOffset
              ? t('provenance.filmedZone', {
                  time: dateTime(capture.capturedAt),
                  offset: `UTC${capture.capturedOffset}`,
                })
              : dateTime(capture.capturedAt)}
          </time>
        </DetailRow>
      )}
      {point && (
        <DetailRow icon={<IconMapPin size={18} />} label={t('provenance.place')}>
          {`${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`}
          {point.altitudeMetres !== null &&
            ` · ${t('provenance.altitude', { metres: Math.round(point.altitudeMetres) })}`}
        </DetailRow>
      )}
      {point && (
        <WhenVisible height={200}>
          <LocationMap
            center={point}
            zoom={FIX_ZOOM}
            marker={point}
            label={t('provenance.mapLabel')}
            height={200}
          />
        </WhenVisible>
      )}
      {capture.device && (
        <DetailRow icon={<IconDeviceMobile size={18} />} label={t('provenance.device')}>
          {capture.device}
          {capture.software && ` · ${capture.software}`}
        </DetailRow>
      )}
      {capture.editedWith ? (
        <DetailRow icon={<IconWand size={18} />} label={t('provenance.editedWith')}>
          {t('provenance.editedWithHint', { software: capture.editedWith })}
        </DetailRow>
      ) : (
        capture.encoder && (
          <DetailRow icon={<IconWand size={18} />} label={t('provenance.encoder')}>
            {capture.encoder}
          </DetailRow>
        )
      )}
    </>
  );
}

/** The warning where the file and the typed details disagree; a quiet line where both say the same. */
function Differences({ facts }: { facts: VideoProvenance }) {
  const { t, i18n } = useTranslation();
  const { differences } = facts;
  const warnings = provenanceWarnings(facts, t, i18n.language ?? i18n.language);
  if (warnings.length > 0) {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle />}
        title={t('provenance.mismatchTitle')}
        data-testid="provenance-mismatch"
      >
        <Stack gap={4}>
          {warnings.map((warning) => (
            <Text size="sm" key={warning}>
              {warning}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  }
  if (differences.days === null && differences.kilometres === null) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
      <Text size="sm">{t('provenance.agrees')}</Text>
    </Group>
  );
}

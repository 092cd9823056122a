import { Alert, Anchor, Badge, Box, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReviewItem } from '../../../common/contracts/moderation';
import { countryName } from '../../../common/countries';
import { durationLabel } from '../../../common/duration';
import { buildPath, ROUTES } from '../../../common/routes';
import { useUiLanguage } from '../../components/country-select';
import { PossibleCopyFlag } from '../../components/possible-copy';
import { StaffFilePlayer } from '../../components/staff-file-player';
import { StatusActions } from '../../components/video-status-actions';
import { statusNameKey } from '../../components/video-status-name';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { displayName, useUserPath } from '../../lib/user-path';

/** One line of the owner's details: label and value in a two-column grid that fits the longest label. */
function Detail({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || t('moderation.queue.none')}
      </Text>
    </>
  );
}

/** One video waiting for review: the player, what the creator sent and signed, and the decisions. */
export function ReviewCard({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const userPath = useUserPath();
  const { date } = useDates();
  const videoPath = buildPath(ROUTES.video, { videoId: item.id });

  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={item.title}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm" miw={0}>
          <StaffFilePlayer url={item.playbackUrl} poster={item.thumbnailUrl} />
          {item.duplicateOf && (
            <Alert
              color="red"
              variant="light"
              icon={<IconCopy size={18} />}
              title={t('moderation.queue.duplicateOf')}
            >
              <Anchor component={Link} to={buildPath(ROUTES.video, { videoId: item.duplicateOf.id })}>
                {item.duplicateOf.title}
              </Anchor>{' '}
              <Text span size="sm">
                {t('moderation.queue.duplicateBy', { name: displayName(item.duplicateOf.user.name, t) })}
              </Text>
            </Alert>
          )}
          {item.possibleCopy && (
            <PossibleCopyFlag
              videoId={item.id}
              title={item.title}
              playbackUrl={item.playbackUrl}
              copy={item.possibleCopy}
            />
          )}
        </Stack>

        <Stack gap="sm" miw={0}>
          <Group gap="xs" wrap="wrap">
            <Badge color={item.status === 'duplicate' ? 'red' : 'gray'} variant="light">
              {t(statusNameKey(item.status))}
            </Badge>
            {durationLabel(item.duration) && (
              <Badge color="dark" variant="light">
                {durationLabel(item.duration)}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t('moderation.queue.submitted', { date: date(item.createdAt) })}
            </Text>
          </Group>
          <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={videoPath} inherit>
              {item.title}
            </Anchor>
          </Title>
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
            {item.description}
          </Text>
          {item.keywords.length > 0 && (
            <Group gap={6}>
              {item.keywords.map((keyword) => (
                <Badge key={keyword} variant="outline" color="gray" tt="none">
                  {keyword}
                </Badge>
              ))}
            </Group>
          )}
          <Group gap="xs" align="baseline">
            <Text size="sm" c="dimmed" miw={120}>
              {t('moderation.queue.uploadedBy')}
            </Text>
            <Anchor component={Link} to={userPath(item.user.id)} size="sm">
              {displayName(item.user.name, t)}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.user.email}
            </Text>
          </Group>
          <OwnerDetails owner={item.owner} />
          <SignatureDetails item={item} />
          <StatusActions videoId={item.id} title={item.title} next={item.nextStatuses} />
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** The owner's details, as the creator sent them with the upload. */
function OwnerDetails({ owner }: { owner: ReviewItem['owner'] }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { day } = useDates();
  const country = owner.country ? countryName(owner.country, language) : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('moderation.queue.owner')}
      </Text>
      <Box style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 16 }}>
        <Detail label={t('moderation.queue.name')} value={owner.name} />
        <Detail label={t('moderation.queue.email')} value={owner.email} />
        <Detail label={t('moderation.queue.phone')} value={owner.phone} />
        <Detail label={t('moderation.queue.country')} value={country} />
        <Detail label={t('moderation.queue.dob')} value={owner.dob ? day(owner.dob) : null} />
        <Detail label={t('moderation.queue.instagram')} value={owner.instagram} />
      </Box>
    </Stack>
  );
}

/** The creator's signature under the agreement, and which version of it was signed. */
function SignatureDetails({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('moderation.queue.signature')}
      </Text>
      {item.signatureUrl ? (
        <Image
          src={item.signatureUrl}
          alt={t('moderation.queue.signatureAlt', { name: item.owner.name ?? '' })}
          h={90}
          w="auto"
          fit="contain"
          bg="white"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, maxWidth: '100%' }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('moderation.queue.none')}
        </Text>
      )}
      {item.agreementVersion && (
        <Text size="xs" c="dimmed">
          {t('moderation.queue.agreement', { version: item.agreementVersion })}
        </Text>
      )}
    </Stack>
  );
}

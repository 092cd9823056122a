import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { EditSuggestion, SuggestionValues } from '../../../common/contracts/video-edits';
import { buildPath, ROUTES } from '../../../common/routes';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';

const FIELDS = ['title', 'description', 'keywords', 'externalUrl'] as const;
type Field = (typeof FIELDS)[number];

const text = (values: SuggestionValues, field: Field) =>
  field === 'keywords' ? values.keywords.join(', ') : (values[field] ?? '');

const STATUS_COLOURS: Record<EditSuggestion['status'], string> = {
  pending: 'yellow',
  applied: 'green',
  rejected: 'red',
};

/** One of the member's suggestions: what they proposed, and what became of it. */
export function MySuggestionCard({ suggestion }: { suggestion: EditSuggestion }) {
  const { t } = useTranslation();
  const { date: format } = useDates();
  const changed = FIELDS.filter(
    (field) => text(suggestion.proposed, field) !== text(suggestion.original, field),
  );
  // The video's title is withheld once the owner hides the video; the title the member saw stays theirs.
  const title = suggestion.videoTitle ?? suggestion.original.title;

  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          {/* The title takes the line; on a phone the badge goes below it rather than squeezing it. */}
          <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {suggestion.videoTitle ? (
                <Anchor
                  component={Link}
                  to={buildPath(ROUTES.video, { videoId: suggestion.videoId })}
                  inherit
                >
                  {title}
                </Anchor>
              ) : (
                title
              )}
            </Title>
            <Text size="sm" c="dimmed">
              {t('mySuggestions.sent', { date: format(suggestion.createdAt) })}
            </Text>
          </div>
          <Badge color={STATUS_COLOURS[suggestion.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`mySuggestions.status.${suggestion.status}`)}
          </Badge>
        </Group>
        {!suggestion.videoTitle && (
          <Text size="sm" c="dimmed">
            {t('mySuggestions.hidden')}
          </Text>
        )}
        <Stack gap={6}>
          {changed.map((field) => (
            <Text key={field} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t(`edit.fields.${field}`)}:
              </Text>{' '}
              {text(suggestion.proposed, field) || t('moderation.queue.none')}
            </Text>
          ))}
        </Stack>
        {suggestion.decidedAt && (
          <Text size="sm" c="dimmed">
            {t(`mySuggestions.decided.${suggestion.status === 'applied' ? 'applied' : 'rejected'}`, {
              date: format(suggestion.decidedAt),
            })}
          </Text>
        )}
        {suggestion.status === 'rejected' && suggestion.reason && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {t('mySuggestions.reason')}
            </Text>{' '}
            {suggestion.reason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

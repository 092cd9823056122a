import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EditSuggestion, SuggestionValues } from '../../../common/contracts/video-edits';
import { buildPath, ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { ReasonDialog } from '../../components/reason-dialog';
import { useDates } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { displayName, useUserPath } from '../../lib/user-path';
import { useDecideSuggestion } from './api';

const FIELDS = ['title', 'description', 'keywords', 'externalUrl'] as const;
type Field = (typeof FIELDS)[number];

const text = (values: SuggestionValues, field: Field) =>
  field === 'keywords' ? values.keywords.join(', ') : (values[field] ?? '');

function Side({ label, value, tone }: { label: string; value: string; tone: 'old' | 'new' }) {
  const { t } = useTranslation();
  return (
    <Box
      p="sm"
      style={{
        borderRadius: 8,
        background: tone === 'new' ? 'var(--mantine-color-green-0)' : 'var(--mantine-color-red-0)',
        border: `1px solid var(--mantine-color-${tone === 'new' ? 'green' : 'red'}-2)`,
        minWidth: 0,
      }}
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value || t('moderation.queue.none')}
      </Text>
    </Box>
  );
}

/** One suggestion as a side-by-side diff of the video now and the proposal, with apply and reject. */
export function SuggestionCard({ suggestion }: { suggestion: EditSuggestion }) {
  const { t } = useTranslation();
  const userPath = useUserPath();
  const decide = useDecideSuggestion();
  const [rejecting, setRejecting] = useState(false);
  const changed = FIELDS.filter(
    (field) => text(suggestion.proposed, field) !== text(suggestion.original, field),
  );
  // Staff always see the video; a caller it is hidden from gets no current values (the contract's null).
  const current = suggestion.current ?? suggestion.original;
  const title = suggestion.videoTitle ?? suggestion.original.title;
  const movedOn = FIELDS.some((field) => text(current, field) !== text(suggestion.original, field));
  const date = useDates().date(suggestion.createdAt);

  const apply = () =>
    decide.mutate(
      { id: suggestion.id, apply: true },
      {
        // The video's title as it is now, the suggested one if it changed.
        onSuccess: (applied) =>
          showToast(
            'success',
            t('moderation.suggestions.applied', { title: applied.videoTitle ?? applied.proposed.title }),
          ),
      },
    );
  const reject = (reason: string) =>
    decide.mutate(
      { id: suggestion.id, apply: false, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          showToast('info', t('moderation.suggestions.rejected'));
        },
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={buildPath(ROUTES.video, { videoId: suggestion.videoId })} inherit>
              {title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to={userPath(suggestion.suggestedBy.id)} inherit>
              {t('moderation.suggestions.by', { name: displayName(suggestion.suggestedBy.name, t), date })}
            </Anchor>
          </Text>
        </div>
        {movedOn && (
          <Text size="sm" c="orange.8">
            {t('moderation.suggestions.changedSince')}
          </Text>
        )}
        {FIELDS.map((field) => (
          <Stack key={field} gap={6}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t(`edit.fields.${field}`)}
              </Text>
              {!changed.includes(field) && (
                <Badge size="xs" variant="light" color="gray">
                  {t('moderation.suggestions.unchanged')}
                </Badge>
              )}
            </Group>
            {changed.includes(field) && (
              <Box
                style={{
                  display: 'grid',
                  gap: 8,
                  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
                }}
              >
                <Side label={t('moderation.suggestions.current')} value={text(current, field)} tone="old" />
                <Side
                  label={t('moderation.suggestions.proposed')}
                  value={text(suggestion.proposed, field)}
                  tone="new"
                />
              </Box>
            )}
          </Stack>
        ))}
        {!rejecting && <FormError error={decide.error} />}
        <Group gap="sm">
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            onClick={apply}
            loading={decide.isPending && decide.variables?.apply}
          >
            {t('moderation.suggestions.apply')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={() => setRejecting(true)}
            disabled={decide.isPending}
          >
            {t('moderation.suggestions.reject')}
          </Button>
        </Group>
      </Stack>
      <ReasonDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('moderation.suggestions.rejectTitle', { title })}
        reason={{
          label: t('moderation.suggestions.reason'),
          description: t('moderation.suggestions.reasonHint'),
          maxLength: 1000,
          requiredError: 'edit.errors.reasonRequired',
        }}
        keepLabel={t('moderation.suggestions.cancel')}
        confirmLabel={t('moderation.suggestions.confirmReject')}
        pending={decide.isPending}
        error={decide.error}
        onConfirm={reject}
      />
    </Card>
  );
}

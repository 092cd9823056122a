import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AbuseQueueItem } from '../../../common/contracts/abuse';
import { FormError } from '../../components/form-error';
import { useDates } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useUserPath } from '../../lib/user-path';
import { useHandleReport } from './api';

/** Only web addresses become links: the page address is whatever the sender's browser said. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** One report: where it was sent from, by whom, what it says; a new one can be marked handled with a note. */
export function AbuseReportCard({ report }: { report: AbuseQueueItem }) {
  const { t } = useTranslation();
  const userPath = useUserPath();
  const titleId = useId();
  const { dateTime } = useDates();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="abuse-report"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {report.subject}
          </Title>
          <Text size="sm" c="dimmed">
            <time dateTime={report.created}>{dateTime(report.created)}</time>
          </Text>
        </Group>
        <Text size="sm">
          {t('abuseQueue.from')}{' '}
          {report.reporter ? (
            <Anchor component={Link} to={userPath(report.reporter.id)}>
              {report.reporter.name || report.email}
            </Anchor>
          ) : (
            <Anchor href={`mailto:${report.email}`}>{report.email}</Anchor>
          )}
          {report.reporter && (
            <Text span c="dimmed">
              {' '}
              ({report.email})
            </Text>
          )}
        </Text>
        {report.url && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('abuseQueue.page')}{' '}
            {isWebAddress(report.url) ? (
              <Anchor href={report.url} target="_blank" rel="noopener noreferrer">
                {report.url}
              </Anchor>
            ) : (
              report.url
            )}
          </Text>
        )}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.message}</Text>
        {report.handledAt ? (
          <HandledSummary report={report} handledAt={report.handledAt} />
        ) : (
          <HandleReportForm reportId={report.id} />
        )}
      </Stack>
    </Paper>
  );
}

/** A handled report: by whom and when, and the note they left. */
function HandledSummary({ report, handledAt }: { report: AbuseQueueItem; handledAt: string }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  return (
    <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
      <Group gap="xs" mb={4}>
        <Badge color="green" leftSection={<IconCheck size={12} />}>
          {t('abuseQueue.handled')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('abuseQueue.handledBy', {
            name: report.handledBy?.name ?? t('abuseQueue.formerAdmin'),
            date: dateTime(handledAt),
          })}
        </Text>
      </Group>
      {report.handledNote && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {report.handledNote}
        </Text>
      )}
    </Paper>
  );
}

/** A new report: an optional note, and "Mark handled". */
function HandleReportForm({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const handle = useHandleReport();
  const [note, setNote] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label={t('abuseQueue.note')}
        description={t('abuseQueue.noteHint')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={2}
      />
      <FormError error={handle.error} />
      <Group justify="flex-end">
        <Button
          leftSection={<IconCheck size={18} />}
          loading={handle.isPending}
          onClick={() =>
            handle.mutate(
              { id: reportId, note },
              { onSuccess: () => showToast('success', t('abuseQueue.markedHandled')) },
            )
          }
        >
          {t('abuseQueue.markHandled')}
        </Button>
      </Group>
    </Stack>
  );
}

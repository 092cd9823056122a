import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LICENSE_LIMITS, type LicenseMessage } from '../../../common/contracts/licenses';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { useLicenseMessages, usePostLicenseMessage } from './api';

function Bubble({ message, asManager }: { message: LicenseMessage; asManager: boolean }) {
  const { t } = useTranslation();
  const when = useDates().dateTime(message.createdAt);
  // Who wrote it, as the reader thinks of them: "You", "License manager" (for the buyer), or the name.
  const author = message.mine
    ? t('licensing.conversation.you')
    : message.fromManager
      ? asManager
        ? (message.author?.name ?? t('licensing.conversation.manager'))
        : t('licensing.conversation.manager')
      : t('licensing.conversation.buyer', { name: message.author?.name ?? '' });
  return (
    <Stack gap={2} align={message.mine ? 'flex-end' : 'flex-start'} data-testid="license-message">
      <Text size="xs" c="dimmed">
        {author} · {when}
      </Text>
      <Paper
        radius="lg"
        px="md"
        py="xs"
        maw="85%"
        bg={message.mine ? 'teal.0' : 'gray.0'}
        withBorder
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <Text size="sm">{message.body}</Text>
      </Paper>
    </Stack>
  );
}

/**
 * The conversation between the buyer and the license managers, newest at the bottom. New messages
 * arrive live (a `license-message` event refreshes this query); Enter sends, Shift+Enter breaks a line.
 */
export function Conversation({
  requestId,
  canWrite,
  asManager,
}: {
  requestId: string;
  canWrite: boolean;
  asManager: boolean;
}) {
  const { t } = useTranslation();
  const messages = useLicenseMessages(requestId);
  const post = usePostLicenseMessage(requestId);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    if (count > 0) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  const send = () => {
    const body = draft.trim();
    if (!body) return setFieldError('licensing.errors.messageRequired');
    post.mutate(body, {
      onSuccess: () => setDraft(''),
      onError: (error) => {
        if (error instanceof ApiError && error.fields[0]) setFieldError(error.fields[0].message);
      },
    });
  };
  const otherError = post.error instanceof ApiError && post.error.fields.length > 0 ? null : post.error;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('licensing.conversation.title')}
        </Title>
        {messages.isPending ? (
          <Skeleton h={80} radius="md" />
        ) : messages.isError ? (
          <FormError error={messages.error} />
        ) : count === 0 ? (
          <Text c="dimmed" size="sm">
            {t(asManager ? 'licensing.conversation.emptyManager' : 'licensing.conversation.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} viewportRef={viewport} type="auto" offsetScrollbars>
            <Stack gap="sm" aria-live="polite">
              {messages.data.map((message) => (
                <Bubble key={message.id} message={message} asManager={asManager} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {canWrite ? (
          <Stack gap="xs">
            <Textarea
              label={t('licensing.conversation.label')}
              description={t('licensing.conversation.hint')}
              placeholder={t('licensing.conversation.placeholder')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={LICENSE_LIMITS.messageMax}
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setFieldError(null);
              }}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter (and Enter while composing Greek accents) writes a new line.
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  send();
                }
              }}
              error={fieldError ? t(fieldError) : undefined}
            />
            <FormError error={otherError} />
            <Group justify="flex-end">
              <Button leftSection={<IconSend size={16} />} onClick={send} loading={post.isPending}>
                {t('licensing.conversation.send')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Alert color="gray" variant="light">
            {t('licensing.conversation.closed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormError } from '../../components/form-error';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { usePrivacyPolicy } from './api';
import { SafeMarkdown } from './safe-markdown';

/** Privacy Policy (SPEC 2.1 /privacy): the admin's Markdown in the reader's language, rendered safely. */
export function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const policy = usePrivacyPolicy();
  const language = i18n.language ?? i18n.language;
  const { dateTime } = useDates();
  const text = policy.data ? (language === 'el' ? policy.data.el : policy.data.en) : '';
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{t('privacy.title')}</Title>
        {policy.isPending && <Skeleton h={400} radius="md" />}
        {policy.isError && <FormError error={policy.error} />}
        {policy.data && !text.trim() && <Alert color="gray">{t('privacy.none')}</Alert>}
        {text.trim() && (
          <article data-testid="privacy-policy">
            <SafeMarkdown>{text}</SafeMarkdown>
          </article>
        )}
        {policy.data?.updatedAt && (
          <Text size="sm" c="dimmed">
            {t('privacy.updated', { date: dateTime(policy.data.updatedAt) })}
          </Text>
        )}
      </Stack>
    </Container>
  );
}

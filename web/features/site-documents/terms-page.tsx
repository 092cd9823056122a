import { Alert, Anchor, Box, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { FormError } from '../../components/form-error';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { useTermsInfo } from './api';

/**
 * Terms of Service (SPEC 2.1 /terms): the current PDF as a link and inline, with its upload date; a clear
 * note when none has been uploaded yet. The PDF comes from our own origin, the only one the CSP frames.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const terms = useTermsInfo();
  const { dateTime } = useDates();
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('terms.title')}</Title>
        {terms.isPending && <Skeleton h={400} radius="md" />}
        {terms.isError && <FormError error={terms.error} />}
        {terms.data && !terms.data.url && (
          <Alert color="gray" icon={<IconFileText />} title={t('terms.noneTitle')}>
            {t('terms.none')}
          </Alert>
        )}
        {terms.data?.url && terms.data.uploadedAt && (
          <>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text c="dimmed" data-testid="terms-date">
                {t('terms.updated', { date: dateTime(terms.data.uploadedAt) })}
              </Text>
              <Button
                component="a"
                href={terms.data.url}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconExternalLink size={18} />}
              >
                {t('terms.open')}
              </Button>
            </Group>
            <Box
              component="iframe"
              src={terms.data.url}
              title={t('terms.viewerTitle')}
              w="100%"
              h={{ base: 480, sm: '75vh' }}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
            />
            <Text size="sm" c="dimmed">
              {t('terms.viewerFallback')}{' '}
              <Anchor href={terms.data.url} target="_blank" rel="noopener" underline="always">
                {t('terms.open')}
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}

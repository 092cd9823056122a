import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_BONUS_PERCENT } from '../../../common/constants';
import { buildPath, ROUTES } from '../../../common/routes';

/** The personal invite link with a copy button (SPEC 1: 10% of a referred friend's first sale). */
export function InviteLinkCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${buildPath(ROUTES.join, { userId })}`;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('referrals.inviteTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('referrals.inviteIntro', { percent: REFERRAL_BONUS_PERCENT })}
        </Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            label={t('referrals.inviteLink')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          />
          <CopyButton value={link} timeout={2500}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                aria-live="polite"
              >
                {copied ? t('referrals.copied') : t('referrals.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}

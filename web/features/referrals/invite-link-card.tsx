import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { REFERRAL_BONUS_PERCENT } from '../../../common/constants';
import { buildPath, ROUTES } from '../../../common/routes';
import { CopyTextButton } from '../../components/copy-button';
import { useTranslation } from '../../lib/translation';

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
          <CopyTextButton value={link} label={t('referrals.copy')} copiedLabel={t('referrals.copied')} />
        </Group>
      </Stack>
    </Paper>
  );
}

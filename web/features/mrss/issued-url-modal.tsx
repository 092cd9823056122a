import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { MrssIssuedToken } from '../../../common/contracts/mrss';
import { CopyTextButton } from '../../components/copy-button';
import { useTranslation } from '../../lib/translation';

/**
 * A partner's feed URL, shown this once (like an API key): the server keeps only its hash, so it cannot
 * be shown again. Closing it is the admin's "I have it".
 */
export function IssuedUrlModal({ issued, onClose }: { issued: MrssIssuedToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title={<Text fw={700}>{t('mrss.urlTitle', { partner: issued?.token.partnerName ?? '' })}</Text>}
      centered
      size="lg"
    >
      {issued && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />}>
            {t('mrss.urlOnce')}
          </Alert>
          <TextInput
            label={t('mrss.url')}
            value={issued.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="mrss-issued-url"
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group justify="space-between" wrap="wrap">
            <CopyTextButton value={issued.url} label={t('mrss.copy')} copiedLabel={t('mrss.copied')} />
            <Button variant="default" onClick={onClose}>
              {t('mrss.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

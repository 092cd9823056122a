import { Alert, Anchor, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { useDates } from '../../lib/dates';
import { errorMessageKey } from '../../lib/error-message';
import { formatFileSize } from '../../lib/file-size';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useTermsInfo, useUploadTerms } from './api';

/**
 * The terms of service upload (SPEC 2.6: admins only): a PDF up to the size limit, which is shown. A
 * failure says its one real reason; SPEC 8.4's message when nothing more precise is known.
 */
export function TermsUploadCard() {
  const { t, i18n } = useTranslation();
  const terms = useTermsInfo();
  const upload = useUploadTerms();
  const [file, setFile] = useState<File | null>(null);
  const language = i18n.language ?? i18n.language;
  const { dateTime } = useDates();
  const maxBytes = terms.data?.maxBytes ?? 10 * 1024 * 1024;
  const tooLarge = file !== null && file.size > maxBytes;
  const reasonKey = upload.error ? errorMessageKey(upload.error, i18n) : null;
  const reason =
    reasonKey === 'errors.INTERNAL_ERROR' ? t('siteDocuments.terms.failed') : reasonKey && t(reasonKey);

  const send = () => {
    if (!file || tooLarge) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        showToast('success', t('siteDocuments.terms.uploaded'));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('siteDocuments.terms.title')}
      </Title>
      <Text size="sm" c="dimmed" data-testid="terms-current">
        {terms.data?.uploadedAt
          ? t('siteDocuments.terms.current', { date: dateTime(terms.data.uploadedAt) })
          : t('siteDocuments.terms.noneYet')}{' '}
        <Anchor component={Link} to={ROUTES.terms} underline="always">
          {t('siteDocuments.terms.view')}
        </Anchor>
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <FileInput
          label={t('siteDocuments.terms.file')}
          description={t('siteDocuments.terms.limit', { size: formatFileSize(maxBytes, language) })}
          placeholder={t('siteDocuments.terms.choose')}
          accept="application/pdf,.pdf"
          leftSection={<IconFileTypePdf size={18} />}
          value={file}
          onChange={(chosen) => {
            upload.reset();
            setFile(chosen);
          }}
          error={
            tooLarge
              ? t('siteDocuments.terms.tooLarge', { size: formatFileSize(maxBytes, language) })
              : undefined
          }
          clearable
          w={{ base: '100%', sm: 360 }}
        />
        <Button
          leftSection={<IconUpload size={18} />}
          onClick={send}
          disabled={!file || tooLarge}
          loading={upload.isPending}
        >
          {t('siteDocuments.terms.upload')}
        </Button>
      </Group>
      {/* The reason the server gave (not a PDF, too large), or SPEC 8.4's message when there is none. */}
      {upload.isError && (
        <Alert color="red" role="alert">
          {reason}
        </Alert>
      )}
    </Stack>
  );
}

import {
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type PrivacyPolicy,
  type PrivacyPolicyInput,
  privacyPolicyInput,
} from '../../../common/contracts/site-documents';
import { ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { usePrivacyPolicy, useSavePrivacyPolicy } from './api';
import { SafeMarkdown } from './safe-markdown';

/** The privacy policy's editor: Markdown per language beside its preview, saved together. */
export function PrivacyEditor() {
  const policy = usePrivacyPolicy();
  if (policy.isPending) return <Skeleton h={320} radius="md" />;
  if (policy.isError) return <FormError error={policy.error} />;
  return <Editor policy={policy.data} />;
}

function Editor({ policy }: { policy: PrivacyPolicy }) {
  const { t } = useTranslation();
  const save = useSavePrivacyPolicy();
  const [language, setLanguage] = useState<'en' | 'el'>('en');
  const form = useForm<PrivacyPolicyInput>({
    initialValues: { en: policy.en, el: policy.el },
    validate: zodValidator(privacyPolicyInput),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, { onSuccess: () => showToast('success', t('siteDocuments.privacy.saved')) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h3">
            {t('siteDocuments.privacy.title')}
          </Title>
          <Anchor component={Link} to={ROUTES.privacy} size="sm">
            {t('siteDocuments.privacy.view')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t('siteDocuments.privacy.hint')}
        </Text>
        <SegmentedControl
          value={language}
          onChange={(value) => setLanguage(value as 'en' | 'el')}
          data={[
            { value: 'en', label: t('languages.en') },
            { value: 'el', label: t('languages.el') },
          ]}
          aria-label={t('siteDocuments.privacy.language')}
          w="fit-content"
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Textarea
            key={language}
            label={t(
              language === 'en' ? 'siteDocuments.privacy.markdownEn' : 'siteDocuments.privacy.markdownEl',
            )}
            lang={language}
            autosize
            minRows={12}
            maxRows={30}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...fieldProps(form, t, language)}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="privacy-preview-label">
              {t('siteDocuments.privacy.preview')}
            </Text>
            <Paper
              withBorder
              radius="md"
              p="md"
              mah={620}
              style={{ overflowY: 'auto' }}
              lang={language}
              aria-labelledby="privacy-preview-label"
              component="section"
            >
              <SafeMarkdown>{form.values[language]}</SafeMarkdown>
            </Paper>
          </div>
        </SimpleGrid>
        {(form.errors.en || form.errors.el) && (
          <Text c="red" size="sm" role="alert">
            {t('siteDocuments.privacy.bothRequired')}
          </Text>
        )}
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('siteDocuments.privacy.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

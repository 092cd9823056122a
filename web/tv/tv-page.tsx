import { Button, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../lib/api';
import { useTranslation } from '../lib/translation';
import { TvForm } from './tv-form';
import { submitTv } from './tv-submit';
import { emptyTvValues, formFieldOf, type TvValues, validateTv } from './tv-values';

type Stage = { name: 'form' } | { name: 'uploading'; title: string; percent: number } | { name: 'done' };

/** The message for a failed submission: the server's reason when we have words for it, else SPEC 8.4's. */
function failureKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'global';
  const known = ['CAPTCHA_FAILED', 'CAPTCHA_EXPIRED', 'RATE_LIMITED', 'PAYLOAD_TOO_LARGE', 'NETWORK'];
  return known.includes(code) ? `tv.failures.${code}` : 'tv.form.errors.global';
}

/** The TV form's stages (SPEC 4.6): editing, submitting (then the upload's progress), thank you. */
export function TvPage({ maxBytes }: { maxBytes: number | null }) {
  const { t } = useTranslation();
  const form = useForm<TvValues>({ initialValues: emptyTvValues(), validate: validateTv });
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A captcha solution works once: a new widget after every attempt.
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  // The form is long: the progress and thank-you views start at the top, where they are seen.
  useEffect(() => {
    if (stage.name !== 'form') window.scrollTo({ top: 0 });
  }, [stage.name]);

  async function handleSubmit(values: TvValues) {
    setStatus(null); // the fields are right now: an earlier global message no longer holds
    if (!captcha) return setCaptchaMissing(true);
    setSubmitting(true);
    const title = values.video.title.trim();
    try {
      await submitTv(values, {
        captcha,
        onUploadStart: () => setStage({ name: 'uploading', title, percent: 0 }),
        onProgress: (percent) => setStage({ name: 'uploading', title, percent }),
      });
      notifications.show({
        color: 'green',
        title: t('tv.success.toastTitle'),
        message: t('tv.success.toast'),
        closeButtonProps: { 'aria-label': t('toast.close') },
      });
      setStage({ name: 'done' });
    } catch (error) {
      // Back to the form as it was typed; the upload starts afresh next time.
      const fields = error instanceof ApiError ? error.fields : [];
      for (const issue of fields) form.setFieldError(formFieldOf(issue.field), issue.message);
      // The server refused fields: they say why, under SPEC 5's global message.
      setStatus(fields.length > 0 ? 'tv.form.errors.global' : failureKey(error));
      setStage({ name: 'form' });
    } finally {
      setSubmitting(false);
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
    }
  }

  function handleReset() {
    form.setValues(emptyTvValues());
    form.resetDirty();
    form.clearErrors();
    setStatus(null);
    setStage({ name: 'form' });
  }

  if (stage.name === 'uploading') {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" role="status" aria-live="polite">
        <Stack gap="md">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {t('tv.progress.title', { title: stage.title, percent: stage.percent })}
          </Title>
          <Progress value={stage.percent} size="xl" striped animated aria-label={t('tv.progress.label')} />
          <Text c="dimmed">{t('tv.progress.notice')}</Text>
        </Stack>
      </Paper>
    );
  }
  if (stage.name === 'done') {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack align="center" gap="md" ta="center" py="lg">
          <ThemeIcon size={64} radius="xl" color="green" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={2}>{t('tv.thanks.title')}</Title>
          <Text maw={520}>{t('tv.thanks.body')}</Text>
          <Button size="md" onClick={handleReset}>
            {t('tv.thanks.reset')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <TvForm
      form={form}
      maxBytes={maxBytes}
      onSubmit={handleSubmit}
      submitting={submitting}
      status={status}
      captchaKey={captchaKey}
      captchaError={captchaMissing && captcha === null ? 'tv.form.captchaRequired' : null}
      onCaptcha={(payload) => {
        setCaptcha(payload);
        if (payload) setCaptchaMissing(false);
      }}
      onInvalid={() => setStatus('tv.form.errors.global')}
    />
  );
}

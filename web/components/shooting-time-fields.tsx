import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fieldProps } from '../lib/forms';
import { useTranslation } from '../lib/translation';

/**
 * When the video was shot, in the upload and edit forms (rules in `common/contracts/shooting-time.ts`):
 * the picker offers no future day, and a time only once there is a date.
 */
export function ShootingTimeFields<V extends { date: string; time: string }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={t('location.date')}
        description={t('location.dateHint')}
        type="date"
        max={todayIso()}
        min="1900-01-01"
        {...fieldProps(form, t, 'date')}
      />
      <TextInput
        label={t('location.time')}
        description={t('location.timeHint')}
        type="time"
        disabled={!form.values.date}
        {...fieldProps(form, t, 'time')}
      />
    </SimpleGrid>
  );
}

/** Today in the person's own calendar (YYYY-MM-DD): a video can not be shot in the future. */
function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

import { Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { LICENSE_LIMITS } from '../../../common/contracts/licenses';
import { useTranslation } from '../../lib/translation';

/** Step 2: where and how the footage will be used, with a counter against the limit. */
export function UsageStep({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (usage: string) => void;
}) {
  const { t } = useTranslation();
  const counterId = useId();
  const length = value.trim().length;
  return (
    <Stack gap={4}>
      <Textarea
        label={t('licensing.create.usageLabel')}
        description={t('licensing.create.usageHint', { min: LICENSE_LIMITS.usageMin })}
        placeholder={t('licensing.create.usagePlaceholder')}
        required
        autosize
        minRows={5}
        maxRows={12}
        maxLength={LICENSE_LIMITS.usageMax}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error ? t(error) : undefined}
        aria-describedby={counterId}
        data-autofocus
      />
      <Text id={counterId} size="xs" c={length < LICENSE_LIMITS.usageMin ? 'dimmed' : 'teal.8'} ta="right">
        {t('licensing.create.usageCounter', { count: length, max: LICENSE_LIMITS.usageMax })}
      </Text>
    </Stack>
  );
}

import { Alert, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { LicenseTypeList } from '../../../common/contracts/licenses';
import { FormError } from '../../components/form-error';
import { useLicenseTypes } from '../../lib/license-types';
import { useTranslation } from '../../lib/translation';
import { usePriceText, useTypeTexts } from './license-texts';

/** Step 1: the license type, as cards with their price or "Price by request". */
export function TypeStep({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (id: string, types: LicenseTypeList) => void;
}) {
  const { t } = useTranslation();
  const types = useLicenseTypes();
  const texts = useTypeTexts();
  const price = usePriceText();
  if (types.isPending) return <Skeleton h={160} radius="md" />;
  if (types.isError) return <FormError error={types.error} />;
  const list = types.data;
  return (
    <Stack gap="sm">
      <Radio.Group
        value={value}
        onChange={(id) => onChange(id, list)}
        label={t('licensing.create.typeLabel')}
        description={t('licensing.create.typeHint')}
        error={error ? t(error) : undefined}
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" mt="sm">
          {list.types.map((type) => {
            const { name, description } = texts(type);
            return (
              <Radio.Card key={type.id} value={type.id} radius="md" p="md" data-testid="license-type">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={4} />
                  <Stack gap={4}>
                    <Text fw={700}>{name}</Text>
                    <Text size="sm" c="dimmed">
                      {description}
                    </Text>
                    <Text fw={700} c={type.priceCents === null ? 'dimmed' : 'teal.8'}>
                      {price(type.priceCents, list.currency)}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      {list.types.length === 0 && <Alert color="gray">{t('licensing.create.noTypes')}</Alert>}
    </Stack>
  );
}

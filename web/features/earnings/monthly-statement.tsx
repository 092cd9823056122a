import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMonth } from '../../../common/dates';
import { useTranslation } from '../../lib/translation';
import { statementHref, useStatementMonths } from './api';

/** The download's look, the same whether it is a link to a month's PDF or disabled. */
const downloadLook = {
  variant: 'default',
  leftSection: <IconDownload size={16} />,
  w: { base: '100%', xs: 'auto' },
} as const;

/**
 * The monthly statement (issue 35): pick a month, from the member's first movement to this one, and
 * download its PDF. This month's is marked "to date": it is not over yet.
 */
export function MonthlyStatement() {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const months = useStatementMonths();
  const [chosen, setChosen] = useState<string | null>(null);
  const available = months.data?.months ?? [];
  // The last complete month by default; this month when it is the only one.
  const month = chosen ?? available[1] ?? available[0] ?? null;
  const options = available.map((value, index) => ({
    value,
    label:
      index === 0
        ? t('earnings.statement.toDate', { month: formatMonth(value, language) })
        : formatMonth(value, language),
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="statement-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="statement-title">
            {t('earnings.statement.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('earnings.statement.hint')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('earnings.statement.month')}
            data={options}
            value={month}
            onChange={setChosen}
            allowDeselect={false}
            disabled={available.length === 0}
            w={{ base: '100%', xs: 240 }}
          />
          {month ? (
            <Button component="a" href={statementHref(month)} download {...downloadLook}>
              {t('earnings.statement.download')}
            </Button>
          ) : (
            // Until the months load (or when there are none), a button that is disabled for everyone: a
            // link cannot be, and its greyed label then failed the contrast check on a slow machine.
            <Button disabled {...downloadLook}>
              {t('earnings.statement.download')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

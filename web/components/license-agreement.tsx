import { Box, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LICENSE_AGREEMENT_VERSION } from '../../common/contracts/video-submission';
import { useDates } from '../lib/dates';
import { useTranslation } from '../lib/translation';

/**
 * The clauses in order, each with its paragraphs (`agreement.clauses.<key>.p1` ...). Changing
 * the words means a new LICENSE_AGREEMENT_VERSION: each submission records the version it was signed with.
 */
const CLAUSES = [
  { key: 'parties', paragraphs: ['p1', 'p2'] },
  { key: 'license', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'warranties', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'revenue', paragraphs: ['p1', 'p2', 'p3', 'p4'] },
  { key: 'withdrawal', paragraphs: ['p1', 'p2', 'p3'] },
  { key: 'personalData', paragraphs: ['p1', 'p2', 'p3'] },
  { key: 'law', paragraphs: ['p1', 'p2'] },
  { key: 'signature', paragraphs: ['p1', 'p2'] },
] as const;

/**
 * The license agreement a content owner signs (SPEC 1, 3), in full, in a scrolling box that the keyboard
 * can scroll too. Used by the upload form and the TV page; `compact` makes the box shorter.
 */
export function LicenseAgreement({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { day } = useDates();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" bg="var(--mantine-color-default-hover)">
      <Box
        component="section"
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        p={{ base: 'sm', sm: 'md' }}
        mah={compact ? 240 : 420}
        style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
      >
        <Stack gap="sm">
          <div>
            <Title order={3} fz="lg" id={titleId}>
              {t('agreement.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('agreement.version', {
                date: day(LICENSE_AGREEMENT_VERSION),
              })}
            </Text>
          </div>
          <Text size="sm">{t('agreement.intro')}</Text>
          <List type="ordered" spacing="sm" size="sm" listStyleType="none" withPadding={false}>
            {CLAUSES.map((clause, index) => (
              <List.Item key={clause.key}>
                <Title order={4} fz="sm" mb={4}>
                  {index + 1}. {t(`agreement.clauses.${clause.key}.title`)}
                </Title>
                <Stack gap={6}>
                  {clause.paragraphs.map((paragraph, number) => (
                    <Text key={paragraph} size="sm">
                      <Text component="span" size="sm" fw={600} mr={6}>
                        {index + 1}.{number + 1}
                      </Text>
                      {t(`agreement.clauses.${clause.key}.${paragraph}`)}
                    </Text>
                  ))}
                </Stack>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Box>
    </Paper>
  );
}

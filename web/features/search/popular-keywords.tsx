import { Anchor, Badge, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { normalizeKeyword } from '../../../common/keywords';
import { searchResultsPath } from '../../../common/routes';
import { useKeywordSummary } from '../../lib/keyword-summary';
import { useTranslation } from '../../lib/translation';

/** The most used keywords as links to their results, leaving out those already chosen. */
export function PopularKeywords({ exclude = [], max = 24 }: { exclude?: string[]; max?: number }) {
  const { t } = useTranslation();
  const summary = useKeywordSummary();
  if (summary.isPending) return <Skeleton h={28} w="60%" radius="xl" />;
  const taken = new Set(exclude.map(normalizeKeyword));
  const keywords = (summary.data ?? []).filter((entry) => !taken.has(entry.keyword)).slice(0, max);
  if (keywords.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('search.noPopular')}
      </Text>
    );
  }
  return (
    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {keywords.map((entry) => (
        <li key={entry.keyword}>
          <Anchor
            component={Link}
            to={searchResultsPath([entry.label])}
            underline="never"
            aria-label={t('home.keywordLink', { keyword: entry.label, count: entry.count })}
          >
            <Badge variant="light" size="lg" radius="xl" style={{ cursor: 'pointer', textTransform: 'none' }}>
              {entry.label}
              <Text span size="xs" c="dimmed" ml={6}>
                {entry.count}
              </Text>
            </Badge>
          </Anchor>
        </li>
      ))}
    </Group>
  );
}

import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { searchResultsPath } from '../../../common/routes';
import { KeywordPicker } from '../../components/keyword-picker';
import { VideoGrid } from '../../components/video-grid';
import { reportSearchResults } from '../../components/view-report';
import { useKeywordSummary } from '../../lib/keyword-summary';
import { useTranslation } from '../../lib/translation';
import { searchResultsGrid } from './api';
import { SearchFilterBar } from './search-filter-bar';
import { type AddressFilters, filterSearch, filtersOf, hasFilters } from './search-filters';
import { SaveSearchButton } from './standing-requests/save-search-button';

/** A few popular keywords the person has not chosen, as links: the empty state's way out. */
function EmptySuggestions({ chosen }: { chosen: string[] }) {
  const { t } = useTranslation();
  const summary = useKeywordSummary();
  const taken = new Set(chosen.map((k) => k.toLocaleLowerCase()));
  const others = (summary.data ?? [])
    .filter((entry) => !taken.has(entry.label.toLocaleLowerCase()))
    .slice(0, 8);
  return (
    <>
      <Text span fw={600} c="dark" display="block" mb={4}>
        {t('search.emptyTitle')}
      </Text>
      {t('search.emptyText')}{' '}
      {others.map((entry, index) => (
        <Fragment key={entry.keyword}>
          {index > 0 && ', '}
          <Anchor component={Link} to={searchResultsPath([entry.label])} underline="always">
            {entry.label}
          </Anchor>
        </Fragment>
      ))}
    </>
  );
}

/**
 * /videos/search/{keywords}: the chosen keywords, editable in place (a change searches again), the
 * filters of place and date (in the address's query), and the matching videos page by page: those with
 * every keyword first, then those with the words in the title, then in the description.
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { keyword = '' } = useParams();
  const filters = filtersOf(useSearchParams()[0]);
  const { chosen, searchable, ...grid } = searchResultsGrid(keyword, filters);
  const chosenKey = chosen.join(',');
  const [keywords, setKeywords] = useState(chosen);
  // A new address (a keyword link, the header box, back and forward) replaces what the picker shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosenKey stands for chosen
  useEffect(() => setKeywords(chosen), [chosenKey]);
  const go = (next: string[], nextFilters: AddressFilters = filters, replace = false) =>
    navigate(`${searchResultsPath(next)}${filterSearch(nextFilters)}`, { replace });

  const handleChange = (next: string[]) => {
    setKeywords(next);
    // Removing a keyword searches again at once; an added one waits for the search button or Enter.
    if (next.length > 0 && next.length < keywords.length) go(next, filters, true);
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {chosen.length > 0 ? `${t('search.resultsFor')} ${chosen.join(', ')}` : t('search.filteredTitle')}
        </Title>
        <Stack gap={4} maw={760}>
          <KeywordPicker value={keywords} onChange={handleChange} onSubmit={(next) => go(next)} />
          <Text size="xs" c="dimmed">
            {t('search.editKeywords')}
          </Text>
        </Stack>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SearchFilterBar filters={filters} onChange={(next) => go(chosen, next)} />
          {searchable && <SaveSearchButton keywords={chosen} filters={filters} />}
        </Group>
        <VideoGrid
          {...grid}
          emptyText={hasFilters(filters) ? t('search.emptyFiltered') : <EmptySuggestions chosen={chosen} />}
          enabled={searchable}
          skeletons={8}
          onPageShown={(videoIds) => reportSearchResults(chosen.join(' '), videoIds)}
        />
      </Stack>
    </Container>
  );
}

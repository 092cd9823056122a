import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES, searchResultsPath, TYPED_SEARCH_FIELD, typedSearchPath } from '../../../common/routes';
import { KeywordPicker } from '../../components/keyword-picker';
import { VideoGrid } from '../../components/video-grid';
import { useTranslation } from '../../lib/translation';
import { searchResultsGrid } from './api';
import { PopularKeywords } from './popular-keywords';
import { SearchFilterBar } from './search-filter-bar';
import { filterSearch, filtersOf, hasFilters } from './search-filters';
import { SaveSearchButton } from './standing-requests/save-search-button';

/**
 * /videos/search: the keyword picker and the filters of place and date, and the most used keywords to
 * start from; with filters only (no keyword), the videos they keep.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState<string[]>([]);
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const { chosen: _, searchable, ...grid } = searchResultsGrid('', filters);
  // The header's box sent as a plain form, before the app ran: on to its results, as the app would go.
  const typed = params.get(TYPED_SEARCH_FIELD);
  useEffect(() => {
    if (typed?.trim()) navigate(typedSearchPath(typed), { replace: true });
  }, [typed, navigate]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('routes.search')}</Title>
        <KeywordPicker
          value={keywords}
          onChange={setKeywords}
          onSubmit={(chosen) => navigate(`${searchResultsPath(chosen)}${filterSearch(filters)}`)}
          // With filters the videos are what the page shows: the box's suggestions would cover them.
          autoFocus={!hasFilters(filters)}
          size="lg"
        />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SearchFilterBar
            filters={filters}
            onChange={(next) => navigate(`${ROUTES.search}${filterSearch(next)}`)}
          />
          {hasFilters(filters) && <SaveSearchButton keywords={[]} filters={filters} />}
        </Group>
        {hasFilters(filters) ? (
          <VideoGrid {...grid} emptyText={t('search.emptyFiltered')} enabled={searchable} skeletons={8} />
        ) : (
          <Stack gap="xs">
            <Text fw={600}>{t('search.popular')}</Text>
            <PopularKeywords />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

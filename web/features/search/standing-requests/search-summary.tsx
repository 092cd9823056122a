import { Badge, Group, Text } from '@mantine/core';
import type { SavedSearch } from '../../../../common/contracts/standing-requests';
import { useTranslation } from '../../../lib/translation';
import { datesLabel, placeLabel } from '../filter-labels';
import type { AddressFilters } from '../search-filters';

/** What a standing request looks for, in words: its keywords as tags, its words, place and days. */
export function SearchSummary({ search }: { search: SavedSearch }) {
  const { t, i18n } = useTranslation();
  const parts = [
    search.q && t('standingRequests.words', { words: search.q }),
    search.near && placeLabel(search.near, search.near.place, t),
    datesLabel(search, t, i18n.language),
  ].filter((part): part is string => Boolean(part));
  return (
    <Group gap={6} wrap="wrap">
      {search.keywords.map((keyword) => (
        <Badge key={keyword} variant="light" color="blue" radius="sm" tt="none">
          {keyword}
        </Badge>
      ))}
      {parts.map((part) => (
        <Text key={part} size="sm" c="dimmed" component="span">
          {part}
        </Text>
      ))}
    </Group>
  );
}

/** A search on the page (its keywords and the address's filters) as a standing request keeps it. */
export function savedSearchOf(keywords: string[], filters: AddressFilters): SavedSearch {
  return {
    keywords,
    q: '',
    near: filters.near && { ...filters.near, place: filters.place },
    shotFrom: filters.shotFrom,
    shotTo: filters.shotTo,
  };
}

import { ActionIcon, Box, Button, Group, type MantineSize, TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../common/constants';
import { videoEndpoints } from '../../common/endpoints/videos';
import { normalizeKeyword } from '../../common/keywords';
import { call } from '../lib/api-client';
import { useKeywordSummary } from '../lib/keyword-summary';

/**
 * Suggestions for the typed text: at once from the keyword summary the browser keeps, then from the
 * server's prefix search (the whole summary, most used first), without the keywords already chosen.
 */
function useSuggestions(search: string, chosen: readonly string[]): string[] {
  const prefix = normalizeKeyword(search);
  const [debounced] = useDebouncedValue(prefix, 200);
  const summary = useKeywordSummary();
  const remote = useQuery({
    queryKey: ['keywords', 'suggestions', debounced],
    queryFn: ({ signal }) =>
      call(
        videoEndpoints.keywordSuggestions,
        { query: { q: debounced, limit: LIMITS.keywordSuggestionsTop } },
        { signal },
      ),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  return useMemo(() => {
    const taken = new Set(chosen.map(normalizeKeyword));
    const fromServer = debounced === prefix ? (remote.data?.items ?? []) : [];
    const local = (summary.data ?? []).filter((entry) => entry.keyword.startsWith(prefix));
    const labels = new Map<string, string>();
    for (const entry of [...fromServer, ...local]) {
      if (!taken.has(entry.keyword) && !labels.has(entry.keyword)) labels.set(entry.keyword, entry.label);
    }
    return [...labels.values()].slice(0, LIMITS.keywordSuggestionsTop);
  }, [chosen, prefix, debounced, remote.data, summary.data]);
}

/** The square button as tall as the input of each size. */
const ACTION_SIZES: Record<string, string> = {
  xs: 'input-xs',
  sm: 'input-sm',
  md: 'input-md',
  lg: 'input-lg',
  xl: 'input-xl',
};

export interface KeywordPickerProps {
  value: string[];
  onChange: (keywords: string[]) => void;
  /** Called with the chosen keywords (and a word still being typed) when the person searches. */
  onSubmit: (keywords: string[]) => void;
  autoFocus?: boolean;
  size?: MantineSize;
}

/**
 * The search box of SPEC 2.3: several keywords (at most 10), suggestions as you type, keyboard
 * operable (arrows move through suggestions, Enter picks one or searches, a comma adds the typed
 * keyword, Backspace in an empty box removes the last keyword).
 */
export function KeywordPicker({ value, onChange, onSubmit, autoFocus, size = 'md' }: KeywordPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const suggestions = useSuggestions(search, value);
  const full = value.length >= LIMITS.searchKeywordsMax;
  const empty = value.length === 0 && search.trim() === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = search.trim();
    const keywords = typed && !full ? [...value, typed] : value;
    if (keywords.length === 0) return;
    setSearch('');
    onSubmit(keywords);
  };

  return (
    <Box component="search">
      <form onSubmit={handleSubmit}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TagsInput
            // minWidth 0: a chosen keyword must not push the button off a phone screen (or move it mid-click)
            style={{ flex: 1, minWidth: 0 }}
            size={size}
            radius="md"
            aria-label={t('search.pickerLabel')}
            placeholder={value.length === 0 ? t('search.pickerPlaceholder') : undefined}
            leftSection={<IconSearch size={18} aria-hidden />}
            data={suggestions}
            value={value}
            onChange={onChange}
            searchValue={search}
            onSearchChange={setSearch}
            maxTags={LIMITS.searchKeywordsMax}
            isDuplicate={(keyword, current) =>
              current.some((existing) => normalizeKeyword(existing) === normalizeKeyword(keyword))
            }
            filter={({ options, search: text }) => {
              const typed = normalizeKeyword(text);
              return options.filter(
                (option) => 'label' in option && normalizeKeyword(option.label).startsWith(typed),
              );
            }}
            limit={LIMITS.keywordSuggestionsListMax}
            // The short list shows whole: no scroll box that a keyboard could not reach (the arrows pick).
            withScrollArea={false}
            description={full ? t('search.maxKeywords', { count: LIMITS.searchKeywordsMax }) : undefined}
            autoFocus={autoFocus}
            clearable
            clearButtonProps={{ 'aria-label': t('search.clearKeywords') }}
            comboboxProps={{ shadow: 'md' }}
            data-testid="keyword-picker"
          />
          {/* On phones the button is only the magnifier, so the keywords keep the width. */}
          <Button type="submit" size={size} radius="md" disabled={empty} visibleFrom="xs">
            {t('search.submit')}
          </Button>
          <ActionIcon
            type="submit"
            size={ACTION_SIZES[size]}
            radius="md"
            disabled={empty}
            hiddenFrom="xs"
            aria-label={t('search.submit')}
          >
            <IconSearch size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </Box>
  );
}

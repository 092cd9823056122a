import { type MantineSize, TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { LIMITS } from '../../common/constants';
import { videoEndpoints } from '../../common/endpoints/videos';
import { normalizeKeyword } from '../../common/keywords';
import { call } from '../lib/api-client';
import { useKeywordSummary } from '../lib/keyword-summary';
import { useTranslation } from '../lib/translation';
import { keywordFieldLook } from './keyword-field-look';

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

export interface KeywordTagsInputProps {
  value: string[];
  onChange: (keywords: string[]) => void;
  /** The word being typed, kept by the picker: typed before this field loaded, it carries on here. */
  search: string;
  onSearchChange: (search: string) => void;
  size: MantineSize;
  /** Set when the field replaces the resting one the person is typing in: the caret stays at the end. */
  takeFocus: boolean;
  description?: string;
}

/**
 * The keywords with suggestions as you type (SPEC 2.3): arrows move through suggestions, Enter picks one
 * or searches, a comma adds the typed keyword, Backspace in an empty box removes the last keyword.
 */
export function KeywordTagsInput({
  value,
  onChange,
  search,
  onSearchChange,
  size,
  takeFocus,
  description,
}: KeywordTagsInputProps) {
  const { t } = useTranslation();
  const suggestions = useSuggestions(search, value);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = field.current;
    if (!takeFocus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [takeFocus]);

  return (
    <TagsInput
      ref={field}
      {...keywordFieldLook(size, value.length === 0 ? t('search.pickerPlaceholder') : undefined)}
      aria-label={t('search.pickerLabel')}
      data={suggestions}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={onSearchChange}
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
      description={description}
      clearable
      clearButtonProps={{ 'aria-label': t('search.clearKeywords') }}
      comboboxProps={{ shadow: 'md' }}
      data-testid="keyword-picker"
    />
  );
}

import { PagedList } from '../../components/paged-list';
import { useTranslation } from '../../lib/translation';
import { usePendingSuggestions } from './api';
import { SuggestionCard } from './suggestion-card';

/** Edit suggestions waiting for a decision, oldest first. */
export function SuggestionsList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={usePendingSuggestions()}
      empty={t('moderation.suggestions.empty')}
      renderItem={(item) => <SuggestionCard suggestion={item} />}
    />
  );
}

import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error';
import { usePendingSuggestions } from './api';
import { SuggestionCard } from './suggestion-card';

/** Edit suggestions waiting for a decision, oldest first. */
export function SuggestionsList() {
  const { t } = useTranslation();
  const suggestions = usePendingSuggestions();
  if (suggestions.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (suggestions.isError) return <FormError error={suggestions.error} />;
  const items = suggestions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Alert color="gray" variant="light">
        <Text>{t('moderation.suggestions.empty')}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {items.map((item) => (
        <SuggestionCard key={item.id} suggestion={item} />
      ))}
      {suggestions.hasNextPage && (
        <Button
          variant="default"
          onClick={() => suggestions.fetchNextPage()}
          loading={suggestions.isFetchingNextPage}
        >
          {t('moderation.queue.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

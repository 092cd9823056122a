import { Alert, Anchor, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { FormError } from '../../components/form-error';
import { RequireSignIn } from '../../components/require-sign-in';
import { useMySuggestions } from './api';
import { MySuggestionCard } from './my-suggestion-card';

/** /me/suggestions: the edits the member suggested to other people's videos, and their outcome. */
export function MySuggestionsPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('routes.mySuggestions')}</Title>
          <Text c="dimmed" mt={4}>
            {t('mySuggestions.intro')}
          </Text>
        </div>
        <RequireSignIn>
          <SuggestionList />
        </RequireSignIn>
      </Stack>
    </Container>
  );
}

function SuggestionList() {
  const { t } = useTranslation();
  const suggestions = useMySuggestions();
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
        <Text>
          {t('mySuggestions.empty')}{' '}
          <Anchor component={Link} to={ROUTES.videos}>
            {t('mySuggestions.browse')}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {items.map((item) => (
        <MySuggestionCard key={item.id} suggestion={item} />
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

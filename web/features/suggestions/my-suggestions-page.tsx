import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { PagedList } from '../../components/paged-list';
import { RequireSignIn } from '../../components/require-sign-in';
import { useTranslation } from '../../lib/translation';
import { useMySuggestions } from './api';
import { MySuggestionCard } from './my-suggestion-card';

/** /me/suggestions: the edits the member suggested to other people's videos, and their outcome. */
export function MySuggestionsPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('routes.mySuggestions')}</Title>
            <Text c="dimmed" mt={4}>
              {t('mySuggestions.intro')}
            </Text>
          </div>
          <SuggestionList />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function SuggestionList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={useMySuggestions()}
      gap="md"
      empty={
        <>
          {t('mySuggestions.empty')}{' '}
          <Anchor component={Link} to={ROUTES.videos}>
            {t('mySuggestions.browse')}
          </Anchor>
        </>
      }
      renderItem={(item) => <MySuggestionCard suggestion={item} />}
    />
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { searchResultsPath, TYPED_SEARCH_FIELD, typedSearchPath } from '../../../common/routes';
import { KeywordPicker } from '../../components/keyword-picker';
import { PopularKeywords } from './popular-keywords';

/** /videos/search: the keyword picker, and the most used keywords to start from. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState<string[]>([]);
  // The header's box sent as a plain form, before the app ran: on to its results, as the app would go.
  const typed = useSearchParams()[0].get(TYPED_SEARCH_FIELD);
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
          onSubmit={(chosen) => navigate(searchResultsPath(chosen))}
          autoFocus
          size="lg"
        />
        <Stack gap="xs">
          <Text fw={600}>{t('search.popular')}</Text>
          <PopularKeywords />
        </Stack>
      </Stack>
    </Container>
  );
}

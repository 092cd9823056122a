import { Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchResultsPath } from '../../../common/routes';
import { KeywordPicker } from '../../components/keyword-picker';
import { PopularKeywords } from './popular-keywords';

/** /videos/search: the keyword picker, and the most used keywords to start from. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState<string[]>([]);

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

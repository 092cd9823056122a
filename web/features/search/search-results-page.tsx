import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { searchResultsPath } from '../../../common/routes';
import { KeywordPicker } from '../../components/keyword-picker';
import { VideoGrid } from '../../components/video-grid';
import { useKeywordSummary } from '../../lib/keyword-summary';
import { searchResultsGrid } from './api';

/** A few popular keywords the person has not chosen, as links: the empty state's way out. */
function EmptySuggestions({ chosen }: { chosen: string[] }) {
  const { t } = useTranslation();
  const summary = useKeywordSummary();
  const taken = new Set(chosen.map((k) => k.toLocaleLowerCase()));
  const others = (summary.data ?? [])
    .filter((entry) => !taken.has(entry.label.toLocaleLowerCase()))
    .slice(0, 8);
  return (
    <>
      <Text span fw={600} c="dark" display="block" mb={4}>
        {t('search.emptyTitle')}
      </Text>
      {t('search.emptyText')}{' '}
      {others.map((entry, index) => (
        <Fragment key={entry.keyword}>
          {index > 0 && ', '}
          <Anchor component={Link} to={searchResultsPath([entry.label])} underline="always">
            {entry.label}
          </Anchor>
        </Fragment>
      ))}
    </>
  );
}

/**
 * /videos/search/{keywords}: the chosen keywords, editable in place (a change searches again), and the
 * matching videos page by page: those with every keyword first, then those with the words in the title,
 * then in the description.
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { keyword = '' } = useParams();
  const { chosen, ...grid } = searchResultsGrid(keyword);
  const chosenKey = chosen.join(',');
  const [keywords, setKeywords] = useState(chosen);
  // A new address (a keyword link, the header box, back and forward) replaces what the picker shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosenKey stands for chosen
  useEffect(() => setKeywords(chosen), [chosenKey]);

  const handleChange = (next: string[]) => {
    setKeywords(next);
    // Removing a keyword searches again at once; an added one waits for the search button or Enter.
    if (next.length > 0 && next.length < keywords.length)
      navigate(searchResultsPath(next), { replace: true });
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('search.resultsFor')} {chosen.join(', ')}
        </Title>
        <Stack gap={4} maw={760}>
          <KeywordPicker
            value={keywords}
            onChange={handleChange}
            onSubmit={(next) => navigate(searchResultsPath(next))}
          />
          <Text size="xs" c="dimmed">
            {t('search.editKeywords')}
          </Text>
        </Stack>
        <VideoGrid
          {...grid}
          emptyText={<EmptySuggestions chosen={chosen} />}
          enabled={chosen.length > 0}
          skeletons={8}
        />
      </Stack>
    </Container>
  );
}

import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCamera, IconCloudUpload, IconCoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buildPath, ROUTES } from '../../../common/routes';
import { loadingRegion } from '../../components/loading-region';
import { VideoGrid } from '../../components/video-grid';
import { useTranslation } from '../../lib/translation';
import { latestVideosGrid, popularKeywords } from './api';

const KEYWORD_COUNT = 16;

/** The most used keywords, each opening its search results. */
function PopularKeywords() {
  const { t } = useTranslation();
  const keywords = useQuery({
    queryKey: ['keywords', 'popular', KEYWORD_COUNT],
    queryFn: ({ signal }) => popularKeywords(KEYWORD_COUNT, signal),
    staleTime: 5 * 60_000,
  });
  if (keywords.isPending) {
    return (
      <Group gap={8} {...loadingRegion(t)}>
        {[80, 110, 64, 96, 72].map((width) => (
          <Skeleton key={width} h={30} w={width} radius="xl" />
        ))}
      </Group>
    );
  }
  // The keywords are a shortcut, not the page's point: without them the section says nothing.
  if (keywords.isError || keywords.data.keywords.length === 0) return null;
  return (
    <Group gap={8} data-testid="popular-keywords">
      {keywords.data.keywords.map((entry) => (
        <Badge
          key={entry.keyword}
          component={Link}
          to={buildPath(ROUTES.searchResults, { keyword: entry.keyword })}
          variant="light"
          radius="xl"
          size="lg"
          tt="none"
          style={{ cursor: 'pointer' }}
          aria-label={t('home.keywordLink', { keyword: entry.label, count: entry.count })}
          rightSection={
            <Text span size="xs" c="dimmed">
              {entry.count}
            </Text>
          }
        >
          #{entry.label}
        </Badge>
      ))}
    </Group>
  );
}

const STEPS = [
  { icon: IconCamera, title: 'home.step1Title', body: 'home.step1Body' },
  { icon: IconCloudUpload, title: 'home.step2Title', body: 'home.step2Body' },
  { icon: IconCoin, title: 'home.step3Title', body: 'home.step3Body' },
];

/** The two ways in, side by side: selling footage and buying it. */
const CALLS = [
  { side: 'sell', to: ROUTES.upload, color: 'teal' },
  { side: 'buy', to: ROUTES.videos, color: 'indigo' },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Box
        py={{ base: 48, sm: 72 }}
        px="md"
        style={{
          background:
            'radial-gradient(1200px 400px at 10% -10%, var(--mantine-color-teal-1), transparent), radial-gradient(900px 360px at 100% 0%, var(--mantine-color-indigo-1), transparent), var(--mantine-color-white)',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
              {t('home.heroTitle')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dark.4" maw={600}>
              {t('home.heroBody')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={ROUTES.upload} size="md">
                {t('home.sellCta')}
              </Button>
              <Button component={Link} to={ROUTES.videos} size="md" variant="default">
                {t('home.buyCta')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="xl" py="xl">
        <Group justify="space-between" align="baseline" mb="md">
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {t('home.latest')}
          </Title>
          <Button component={Link} to={ROUTES.videos} variant="subtle">
            {t('home.seeAll')}
          </Button>
        </Group>
        <VideoGrid {...latestVideosGrid} emptyText={t('home.empty')} singlePage />

        <Title order={2} fz={{ base: 22, sm: 26 }} mt={48} mb="md">
          {t('home.keywordsTitle')}
        </Title>
        <PopularKeywords />

        <Title order={2} fz={{ base: 22, sm: 26 }} mt={56} mb="md">
          {t('home.stepsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {STEPS.map((step) => (
            <Card key={step.title} withBorder radius="lg" p="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="sm">
                <step.icon size={24} />
              </ThemeIcon>
              <Text fw={700}>{t(step.title)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(step.body)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={56}>
          {CALLS.map(({ side, to, color }) => (
            <CallCard
              key={side}
              title={t(`home.${side}Title`)}
              body={t(`home.${side}Body`)}
              action={t(`home.${side}Cta`)}
              to={to}
              color={color}
            />
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}

/** The two ways in (SPEC 1): sell your footage, or license someone's. */
function CallCard({
  title,
  body,
  action,
  to,
  color,
}: {
  title: string;
  body: string;
  action: string;
  to: string;
  color: string;
}) {
  return (
    <Card
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      bg={`${color}.0`}
      style={{ border: `1px solid var(--mantine-color-${color}-2)` }}
    >
      <Title order={3} fz="xl">
        {title}
      </Title>
      <Text c="dark.5" mt="xs" mb="lg">
        {body}
      </Text>
      <Button component={Link} to={to} color={color} style={{ alignSelf: 'flex-start' }}>
        {action}
      </Button>
    </Card>
  );
}

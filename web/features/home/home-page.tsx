import {
  Alert,
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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoListResponse } from '../../../common/contracts/videos';
import { ROUTES } from '../../../common/routes';
import { VideoCard } from '../../components/video-card';
import { api } from '../../lib/api';

const LATEST_COUNT = 8;

function LatestVideos() {
  const { t } = useTranslation();
  const latest = useQuery({
    queryKey: ['videos', 'latest', LATEST_COUNT],
    queryFn: ({ signal }) => api<VideoListResponse>(`/api/videos?limit=${LATEST_COUNT}`, { signal }),
  });
  const grid = { base: 1, xs: 2, md: 3, xl: 4 };

  if (latest.isPending) {
    return (
      <SimpleGrid cols={grid} aria-busy="true" aria-label={t('app.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton slots
          <Skeleton key={index} h={250} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (latest.isError) {
    return (
      <Alert color="red" title={t('home.loadError')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void latest.refetch()}>
          {t('home.retry')}
        </Button>
      </Alert>
    );
  }
  if (latest.data.items.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl" ta="center">
        <Text c="dimmed">{t('home.empty')}</Text>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={grid} spacing="lg">
      {latest.data.items.map((video) => (
        <VideoCard key={video.id} video={video} />
      ))}
    </SimpleGrid>
  );
}

const STEPS = [
  { icon: IconCamera, title: 'home.step1Title', body: 'home.step1Body' },
  { icon: IconCloudUpload, title: 'home.step2Title', body: 'home.step2Body' },
  { icon: IconCoin, title: 'home.step3Title', body: 'home.step3Body' },
];

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
        <LatestVideos />

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
      </Container>
    </>
  );
}

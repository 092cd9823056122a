import { Anchor, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DemandItem } from '../../../../common/contracts/standing-requests';
import { ROUTES } from '../../../../common/routes';
import { PagedList } from '../../../components/paged-list';
import { RequireSignIn } from '../../../components/require-sign-in';
import { useDates } from '../../../lib/dates';
import { useTranslation } from '../../../lib/translation';
import { useDemand } from './api';
import { SearchSummary } from './search-summary';
import { useOfferText } from './standing-request-card';

/**
 * /demand (issue 34): what buyers' standing requests ask for right now, newest first, for creators to
 * film or upload; never who asks. A request one of the member's videos answered says so.
 */
export function DemandPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('routes.demand')}</Title>
            <Text c="dimmed" mt={4}>
              {t('demand.intro')}{' '}
              <Anchor component={Link} to={ROUTES.upload} inherit underline="always">
                {t('demand.upload')}
              </Anchor>
            </Text>
          </div>
          <PagedList
            query={useDemand()}
            gap="sm"
            empty={t('demand.empty')}
            renderItem={(item) => <DemandCard item={item} />}
          />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function DemandCard({ item }: { item: DemandItem }) {
  const { t } = useTranslation();
  const dates = useDates();
  const offer = useOfferText(item);
  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Stack gap={6}>
        <SearchSummary search={item.search} />
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('demand.asked', { date: dates.date(item.createdAt) })}
            {offer && ` · ${offer}`}
          </Text>
          {item.answered && (
            <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              {t('demand.answered')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

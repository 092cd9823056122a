import { Anchor, Badge, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDashboard } from '../../../common/contracts/admin-users';
import { formatMoney } from '../../../common/money';
import { ROUTES } from '../../../common/routes';
import { QueryState } from '../../components/query-state';
import { TitledSection } from '../../components/titled-section';
import { useTranslation } from '../../lib/translation';
import { useDashboard } from './api';

/** The abuse-report queue's address (built by the abuse-report work of the back office). */
const ABUSE_REPORTS = '/admin/abuse_reports';

function Waiting({ data }: { data: AdminDashboard['waiting'] }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('backOffice.dashboard.videosToReview'), count: data.videosToReview, to: ROUTES.videoEdits },
    {
      label: t('backOffice.dashboard.openLicenseRequests'),
      count: data.openLicenseRequests,
      to: `${ROUTES.adminLicenseRequests}?status=open`,
    },
    {
      label: t('backOffice.dashboard.pendingWithdrawals'),
      count: data.pendingWithdrawals,
      to: ROUTES.adminWithdrawalRequests,
    },
    {
      label: t('backOffice.dashboard.newAbuseReports'),
      count: data.newAbuseReports,
      to: ABUSE_REPORTS,
    },
  ];
  return (
    <TitledSection compact title={t('backOffice.dashboard.waiting')}>
      <Stack gap="xs">
        {rows.map((row) => (
          <Group key={row.to} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={row.to}>
              {row.label}
            </Anchor>
            <Badge
              style={{ flexShrink: 0 }}
              size="lg"
              variant={row.count > 0 ? 'filled' : 'light'}
              color={row.count > 0 ? 'teal' : 'gray'}
            >
              {row.count}
            </Badge>
          </Group>
        ))}
      </Stack>
    </TitledSection>
  );
}

function Figure({ label, amounts }: { label: string; amounts: { currency: string; cents: number }[] }) {
  const { i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {amounts.length === 0 ? (
        <Text fw={700} size="xl">
          {formatMoney(0, 'EUR', language)}
        </Text>
      ) : (
        amounts.map((amount) => (
          <Text key={amount.currency} fw={700} size="xl">
            {formatMoney(amount.cents, amount.currency, language)}
          </Text>
        ))
      )}
    </Stack>
  );
}

/** /admin: what waits for someone, and this month's sales, platform revenue and payouts. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard();
  const month = dashboard.data
    ? new Intl.DateTimeFormat(i18n.language, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(dashboard.data.month.from))
    : '';
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('routes.admin')}</Title>
        <QueryState query={dashboard} />
        {dashboard.data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Waiting data={dashboard.data.waiting} />
            <TitledSection compact title={t('backOffice.dashboard.month', { month })}>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <Figure label={t('backOffice.dashboard.sales')} amounts={dashboard.data.month.sales} />
                <Figure
                  label={t('backOffice.dashboard.platformRevenue')}
                  amounts={dashboard.data.month.platformRevenue}
                />
                <Figure label={t('backOffice.dashboard.paidOut')} amounts={dashboard.data.month.paidOut} />
              </SimpleGrid>
              <Anchor component={Link} to={ROUTES.adminTransactions} size="sm" mt="md" display="inline-block">
                {t('backOffice.dashboard.allTransactions')}
              </Anchor>
            </TitledSection>
          </SimpleGrid>
        )}
        <Group gap="md">
          <Anchor component={Link} to={ROUTES.adminUsers}>
            {t('nav.appUsers')}
          </Anchor>
          <Anchor component={Link} to={ROUTES.adminAudit}>
            {t('nav.auditLog')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}

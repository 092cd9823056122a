import { Anchor, Container, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminUserDetail } from '../../../common/contracts/admin-users';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { BackLink } from '../../components/back-link';
import { QueryState } from '../../components/query-state';
import { TitledSection } from '../../components/titled-section';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { displayName } from '../../lib/user-path';
import { useAdminUser } from './api';
import { UserActions } from './user-actions';
import { UserBadges } from './user-badges';
import { UserLicenseRequestList, UserReferrals, UserVideoList } from './user-lists';

/** Label and value pairs; an empty value shows a dash. */
function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack gap={6}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value === null || value === '' ? '—' : value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Steps({ steps }: { steps: AdminUserDetail['steps'] }) {
  const { t } = useTranslation();
  return (
    <List spacing={4} size="sm" listStyleType="none">
      {(Object.keys(steps) as (keyof typeof steps)[]).map((step) => (
        <List.Item
          key={step}
          icon={
            steps[step] ? (
              <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
            ) : (
              <IconX size={16} color="var(--mantine-color-red-8)" aria-hidden />
            )
          }
        >
          {t(`backOffice.steps.${step}`)}:{' '}
          {t(steps[step] ? 'backOffice.steps.done' : 'backOffice.steps.notDone')}
        </List.Item>
      ))}
    </List>
  );
}

function Money({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const { date: formatDate } = useDates();
  return (
    <Stack gap="sm">
      {user.balances.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backOffice.user.noBalance')}
        </Text>
      ) : (
        user.balances.map((balance) => (
          <Fields
            key={balance.currency}
            rows={[
              [
                t('backOffice.user.available'),
                formatMoney(balance.availableCents, balance.currency, language),
              ],
              [t('backOffice.user.pending'), formatMoney(balance.pendingCents, balance.currency, language)],
              [t('backOffice.user.reserved'), formatMoney(balance.reservedCents, balance.currency, language)],
            ]}
          />
        ))
      )}
      {user.ledger.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.user.date')}</Table.Th>
                <Table.Th>{t('backOffice.user.type')}</Table.Th>
                <Table.Th ta="right">{t('backOffice.user.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.ledger.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDate(row.createdAt)}</Table.Td>
                  <Table.Td>
                    {t(`backOffice.ledgerTypes.${row.type}`, { defaultValue: row.type })}
                    <Text span size="xs" c="dimmed">
                      {' · '}
                      {row.reversesId
                        ? t('backOffice.user.counterRow')
                        : t(`backOffice.ledgerStatuses.${row.status}`, { defaultValue: row.status })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.amountCents, row.currency, language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Anchor
        component={Link}
        to={`${ROUTES.adminTransactions}?user=${encodeURIComponent(user.id)}`}
        size="sm"
      >
        {t('backOffice.user.allTransactions')}
      </Anchor>
    </Stack>
  );
}

/** A country's name in the page's language (the code when the browser does not know it). */
const countryName = (code: string, language: string) =>
  new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;

function UserDetail({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const { date: formatDate, dateTime } = useDates();
  const yesNo = (value: boolean) => t(value ? 'backOffice.yes' : 'backOffice.no');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {displayName(user.name, t)}
        </Title>
        {user.username && (
          <Anchor component={Link} to={buildPath(ROUTES.user, { userId: user.id })} c="dimmed">
            @{user.username}
          </Anchor>
        )}
        <UserBadges user={user} />
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UserActions user={user} />
        <TitledSection compact title={t('backOffice.user.account')}>
          <Fields
            rows={[
              [t('backOffice.user.email'), user.email],
              [t('backOffice.user.phone'), user.phoneNumber],
              [
                t('backOffice.user.language'),
                t(`languages.${user.language}`, { defaultValue: user.language }),
              ],
              [t('backOffice.user.joined'), formatDate(user.createdAt)],
              [
                t('backOffice.user.signIn'),
                [
                  user.signIn.passwordSet ? t('backOffice.user.password') : null,
                  ...user.signIn.socialProviders,
                ]
                  .filter(Boolean)
                  .join(', '),
              ],
              [t('backOffice.user.legalName'), user.account?.name ?? null],
              [t('backOffice.user.role'), user.account ? t(`users.roles.${user.account.role}`) : null],
              [
                t('backOffice.user.country'),
                user.account ? countryName(user.account.country, i18n.language ?? 'en') : null,
              ],
              [t('backOffice.user.instagram'), user.account?.instagram ?? null],
              [t('backOffice.user.business'), user.account ? yesNo(user.account.isBusinessAccount) : null],
              [t('backOffice.user.company'), user.account?.companyName ?? null],
              [t('backOffice.user.bio'), user.profile?.bio ?? null],
              ...(user.disabledAt
                ? ([[t('backOffice.user.disabledSince'), dateTime(user.disabledAt)]] as [string, ReactNode][])
                : []),
            ]}
          />
        </TitledSection>
        <TitledSection compact title={t('backOffice.user.steps')}>
          <Steps steps={user.steps} />
        </TitledSection>
        <TitledSection compact title={t('backOffice.user.referrals')}>
          <UserReferrals user={user} />
        </TitledSection>
        <TitledSection compact title={t('backOffice.user.videos', { count: user.videoCount })}>
          <UserVideoList videos={user.videos} />
        </TitledSection>
        <TitledSection
          compact
          title={t('backOffice.user.licenseRequests', { count: user.licenseRequestCount })}
        >
          <UserLicenseRequestList requests={user.licenseRequests} />
        </TitledSection>
        <TitledSection compact title={t('backOffice.user.balance')}>
          <Money user={user} />
        </TitledSection>
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/users/:userId: one member's account, verification, referrals, videos, licenses and money. */
export function UserPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const user = useAdminUser(userId);
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <BackLink to={ROUTES.adminUsers}>{t('backOffice.user.back')}</BackLink>
        <QueryState query={user} />
        {user.data && <UserDetail user={user.data} />}
      </Stack>
    </Container>
  );
}

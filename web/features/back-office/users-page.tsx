import {
  Anchor,
  Button,
  Container,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACCOUNT_STATES, VERIFICATION_FILTERS } from '../../../common/contracts/admin-users';
import { RIGHTS } from '../../../common/permissions';
import { buildPath, ROUTES } from '../../../common/routes';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/translation';
import { useUrlFilter, useUrlSearch } from '../../lib/url-filter';
import { displayName } from '../../lib/user-path';
import { useAdminUsers } from './api';
import { UserBadges } from './user-badges';

/** /admin/users: search by name, username, e-mail or phone; filter by right, verification and state. */
export function UsersPage() {
  const { t } = useTranslation();
  const { params, setParam } = useUrlFilter();
  const { query, inputProps } = useUrlSearch();
  const filter = {
    q: query,
    right: params.get('right'),
    verification: params.get('verification'),
    state: params.get('state'),
  };
  const list = useAdminUsers(filter);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('routes.adminUsers')}</Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label={t('backOffice.users.search')}
            placeholder={t('backOffice.users.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            {...inputProps}
            w={{ base: '100%', sm: 300 }}
          />
          <Select
            label={t('backOffice.users.right')}
            placeholder={t('backOffice.users.any')}
            data={RIGHTS.map((right) => ({ value: right, label: t(`backOffice.rights.${right}`) }))}
            value={filter.right}
            onChange={(value) => setParam('right', value)}
            clearable
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label={t('backOffice.users.verification')}
            placeholder={t('backOffice.users.any')}
            data={VERIFICATION_FILTERS.map((value) => ({ value, label: t(`backOffice.users.${value}`) }))}
            value={filter.verification}
            onChange={(value) => setParam('verification', value)}
            clearable
            w={{ base: '100%', xs: 160 }}
          />
          <Select
            label={t('backOffice.users.state')}
            placeholder={t('backOffice.users.any')}
            data={ACCOUNT_STATES.map((value) => ({ value, label: t(`backOffice.users.${value}`) }))}
            value={filter.state}
            onChange={(value) => setParam('state', value)}
            clearable
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
        <QueryState query={list} />
        {list.isSuccess && items.length === 0 && <Text c="dimmed">{t('backOffice.users.empty')}</Text>}
        {items.length > 0 && (
          <Table verticalSpacing="sm" highlightOnHover layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.users.user')}</Table.Th>
                <Table.Th w="42%">{t('backOffice.users.standing')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.id} data-testid="admin-user-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={buildPath(ROUTES.adminUser, { userId: user.id })} fw={700}>
                      {displayName(user.name, t)}
                    </Anchor>
                    {user.username && (
                      <Text size="sm" c="dimmed">
                        @{user.username}
                      </Text>
                    )}
                    <Text size="sm">{user.email}</Text>
                    {user.phoneNumber && <Text size="sm">{user.phoneNumber}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <UserBadges user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.hasNextPage && (
          <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('moderation.queue.loadMore')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

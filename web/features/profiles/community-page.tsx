import {
  Alert,
  Avatar,
  Button,
  Card,
  Center,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CommunityMember } from '../../../common/contracts/users';
import { loadingRegion } from '../../components/loading-region';
import { PageHeader } from '../../components/page-header';
import { useRouteNames } from '../../lib/route-title';
import { useTranslation } from '../../lib/translation';
import { displayName, useUserPath } from '../../lib/user-path';
import { useCommunity } from './api';
import { VerifiedBadge } from './verified-badge';

const GRID = { base: 1, xs: 2, md: 3, xl: 4 };

/** /users: the verified members, newest first, with a name filter and "Load more". */
export function CommunityPage() {
  const { t } = useTranslation();
  const [title] = useRouteNames();
  const [filter, setFilter] = useState('');
  const [query] = useDebouncedValue(filter.trim(), 300);
  const community = useCommunity(query);
  const members = community.data?.pages.flatMap((page) => page.items) ?? [];

  let body: React.ReactNode;
  if (community.isPending) {
    body = (
      <SimpleGrid cols={GRID} {...loadingRegion(t)}>
        {[0, 1, 2, 3].map((slot) => (
          <Skeleton key={slot} h={92} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (community.isError) {
    body = (
      <Alert color="red" title={t('users.loadError')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void community.refetch()}>
          {t('home.retry')}
        </Button>
      </Alert>
    );
  } else if (members.length === 0) {
    body = (
      <Card withBorder radius="lg" p="xl" ta="center">
        <Text c="dimmed">{query ? t('users.noMatch', { query }) : t('users.empty')}</Text>
      </Card>
    );
  } else {
    body = (
      <>
        <SimpleGrid cols={GRID}>
          {members.map((member) => (
            <MemberCard key={member.id} member={member} />
          ))}
        </SimpleGrid>
        {community.hasNextPage && (
          <Center>
            <Button
              variant="light"
              loading={community.isFetchingNextPage}
              onClick={() => void community.fetchNextPage()}
            >
              {t('users.loadMore')}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader title={title} intro={t('users.communityIntro')}>
          <TextInput
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            placeholder={t('users.filterPlaceholder')}
            aria-label={t('users.filterLabel')}
            leftSection={<IconSearch size={16} />}
            w={{ base: '100%', xs: 280 }}
            maxLength={50}
          />
        </PageHeader>
        {body}
      </Stack>
    </Container>
  );
}

function MemberCard({ member }: { member: CommunityMember }) {
  const { t } = useTranslation();
  const userPath = useUserPath();
  const name = displayName(member.name, t);
  return (
    <Card component={Link} to={userPath(member.id)} withBorder radius="lg" p="md" className="tile-link">
      <Group gap="md" wrap="nowrap">
        <Avatar src={member.image} alt="" name={name} color="initials" size={56} radius="xl" />
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} truncate>
              {name}
            </Text>
            {member.isVerified && <VerifiedBadge size={18} />}
          </Group>
          <Text size="sm" c="dimmed">
            {t('users.videoCount', { count: member.publicVideos })}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

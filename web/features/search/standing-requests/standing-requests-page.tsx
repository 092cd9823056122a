import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../../../common/routes';
import { FormError } from '../../../components/form-error';
import { LoadingSpinner } from '../../../components/query-state';
import { RequireSignIn } from '../../../components/require-sign-in';
import { useTranslation } from '../../../lib/translation';
import { useStandingRequests } from './api';
import { StandingRequestCard } from './standing-request-card';

/**
 * /me/standing_requests (issue 34): the member's saved searches that tell them of new footage, newest
 * first, each with what it matched; new ones are saved from a search.
 */
export function StandingRequestsPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('routes.myStandingRequests')}</Title>
            <Text c="dimmed" mt={4}>
              {t('standingRequests.intro')}
            </Text>
          </div>
          <RequestList />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function RequestList() {
  const { t } = useTranslation();
  const requests = useStandingRequests();
  if (requests.isPending) return <LoadingSpinner />;
  if (requests.isError) return <FormError error={requests.error} />;
  if (requests.data.items.length === 0) {
    return (
      <Alert color="gray" variant="light">
        <Text>
          {t('standingRequests.empty')}{' '}
          <Anchor component={Link} to={ROUTES.search}>
            {t('standingRequests.startSearch')}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {requests.data.items.map((request) => (
        <StandingRequestCard key={request.id} request={request} />
      ))}
    </Stack>
  );
}

import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../common/routes';
import { FormError } from '../../../components/form-error';
import { LoadingSpinner } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translation';
import { useUnsubscribe } from './api';

/**
 * /standing_requests/{id}/unsubscribe?token=…: an alert e-mail's link. Opening it stops that request's
 * alerts (it is paused, so it can be resumed), signed in or not; the signature in the link is the proof.
 * The request goes when the page runs, not on a bare fetch of the link, so a mail scanner stops nothing.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { standingRequestId = '' } = useParams();
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (standingRequestId && token) mutate({ id: standingRequestId, token });
  }, [standingRequestId, token, mutate]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('routes.standingRequestUnsubscribe')}</Title>
        {unsubscribe.isSuccess ? (
          <Alert color="teal" variant="light">
            <Text>{t('standingRequests.unsubscribed', { name: unsubscribe.data.name })}</Text>
          </Alert>
        ) : !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404) ? (
          <Alert color="red" role="alert">
            {t('standingRequests.badLink')}
          </Alert>
        ) : unsubscribe.isError ? (
          <FormError error={unsubscribe.error} />
        ) : (
          <LoadingSpinner />
        )}
        <Text size="sm">
          <Anchor component={Link} to={ROUTES.myStandingRequests}>
            {t('standingRequests.manage')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}

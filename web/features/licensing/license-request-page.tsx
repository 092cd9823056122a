import { Alert, Container, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { BackLink } from '../../components/back-link';
import { FormError } from '../../components/form-error';
import { RequireSignIn } from '../../components/require-sign-in';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/translation';
import { useLicenseRequest } from './api';
import { Conversation } from './conversation';
import { LicenseDetails } from './license-details';
import { QuoteForm } from './quote-form';

/**
 * One license request: `/me/licenses/{id}` for its buyer, `/admin/license_requests/{id}` for license
 * managers (who also quote). The server decides what each may do; a request the caller may not see
 * reads as not found.
 */
function LicenseRequestScreen({ asManager }: { asManager: boolean }) {
  const { t } = useTranslation();
  const { licenseRequestId } = useParams();
  const request = useLicenseRequest(licenseRequestId);
  const back = asManager ? ROUTES.adminLicenseRequests : ROUTES.myLicenses;

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <BackLink to={back}>{t('licensing.details.back')}</BackLink>
        {request.isPending ? (
          <Skeleton h={360} radius="lg" />
        ) : request.isError ? (
          request.error instanceof ApiError &&
          (request.error.status === 404 || request.error.status === 400) ? (
            <Alert color="gray">{t('licensing.details.notFound')}</Alert>
          ) : (
            <FormError error={request.error} />
          )
        ) : (
          <LicenseDetails request={request.data} asManager={asManager}>
            {request.data.abilities.quote && asManager && (
              <QuoteForm
                requestId={request.data.id}
                currency={request.data.currency}
                currentCents={request.data.status === 'awaiting_payment' ? request.data.priceCents : null}
              />
            )}
            <Conversation
              requestId={request.data.id}
              canWrite={request.data.abilities.message}
              asManager={asManager}
            />
          </LicenseDetails>
        )}
      </Stack>
    </Container>
  );
}

export function MyLicensePage() {
  return (
    <RequireSignIn>
      <LicenseRequestScreen asManager={false} />
    </RequireSignIn>
  );
}

/** The route guards the right (manage_licenses or admin). */
export function AdminLicenseRequestPage() {
  return <LicenseRequestScreen asManager />;
}

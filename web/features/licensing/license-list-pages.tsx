import { Container } from '@mantine/core';
import { RequireSignIn } from '../../components/require-sign-in';
import { LicenseRequestList } from './license-request-list';

/** /me/licenses: the buyer's license requests. */
export function MyLicensesPage() {
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <LicenseRequestList asManager={false} />
      </Container>
    </RequireSignIn>
  );
}

/** /admin/license_requests: every request, for license managers (the route guards the right). */
export function AdminLicenseRequestsPage() {
  return (
    <Container size="lg" py="xl">
      <LicenseRequestList asManager />
    </Container>
  );
}

import { PagePlaceholder } from '../../components/page-placeholder';

/** /me/settings/billing: the billing addresses. */
export function BillingPage() {
  return <PagePlaceholder />;
}

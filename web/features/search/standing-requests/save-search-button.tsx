import { Anchor, Button, Group, Loader } from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../../common/routes';
import { lazyWithAllTexts } from '../../../components/lazy-when';
import { openOverlay } from '../../../lib/overlays';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/translation';
import type { AddressFilters } from '../search-filters';

// The dialog (a form, the license types) loads when first opened: a first page does not carry it.
const StandingRequestDialog = lazyWithAllTexts(() =>
  import('./standing-request-dialog').then((module) => module.StandingRequestDialog),
);

/**
 * "Alert me to new footage" on a search (issue 34): saves the search shown as a standing request, so the
 * member hears of every video approved later that it finds. A visitor is asked to sign in first.
 */
export function SaveSearchButton({ keywords, filters }: { keywords: string[]; filters: AddressFilters }) {
  const { t } = useTranslation();
  // Until the session is known, a click would take a member for a visitor and ask them to sign in.
  const { user, isLoading } = useSession();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  if (saved) {
    return (
      <Group gap={6}>
        <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
        <Anchor component={Link} to={ROUTES.myStandingRequests} size="sm">
          {t('search.alertSaved')}
        </Anchor>
      </Group>
    );
  }
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconBell size={18} aria-hidden />}
        aria-haspopup="dialog"
        loading={isLoading}
        onClick={() => (user ? setOpen(true) : openOverlay('auth', { view: 'signIn' }))}
      >
        {t('search.saveAlert')}
      </Button>
      {open && (
        <Suspense fallback={<Loader size="xs" />}>
          <StandingRequestDialog
            search={{ keywords, filters }}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              setSaved(true);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

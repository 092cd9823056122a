import { Suspense, useEffect, useState } from 'react';
import { lazyWithAllTexts } from '../components/lazy-when';
import { closeOverlay, onOverlay } from '../lib/overlays';
import { useSession } from '../lib/session';

// The modal carries the phone and captcha code: loaded the first time someone needs it.
const VerificationModal = lazyWithAllTexts(
  async () => (await import('../features/verification/verification-modal')).default,
);

/** Opens the verification modal on request (an action that needs it, the user menu); signed-in users only. */
export function VerificationHost() {
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(
    () =>
      onOverlay('verification', (open) => {
        setOpened(open);
        if (open) setWanted(true);
      }),
    [],
  );

  if (!wanted || !user) return null;
  return (
    <Suspense fallback={null}>
      <VerificationModal opened={opened} onClose={() => closeOverlay('verification')} />
    </Suspense>
  );
}

import { Box, CloseButton, Modal, SimpleGrid } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { type AuthView, closeOverlay, onOverlay } from '../../lib/overlays';
import { useTranslation } from '../../lib/translation';
import { ForgotPasswordForm } from './forgot-password-form';
import { MergeAccountsForm } from './merge-accounts-form';
import { SetPasswordForm } from './set-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SlidesPanel } from './slides-panel';

const TITLES: Record<AuthView, string> = {
  signIn: 'auth.signInTitle',
  signUp: 'auth.signUpTitle',
  forgotPassword: 'auth.forgotTitle',
  setPassword: 'auth.setPasswordTitle',
  mergeAccounts: 'auth.mergeTitle',
};

/**
 * The full-screen auth overlay (SPEC 2.4): opened by an event from anywhere, body scroll locked, Escape or
 * the close button closes it. On an /auth/... address, closing it goes home.
 */
export function AuthOverlay() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, setState] = useState<{ opened: boolean; view: AuthView; code?: string; provider?: string }>({
    opened: false,
    view: 'signIn',
  });

  useEffect(
    () =>
      onOverlay('auth', (open, data) =>
        setState((current) => (open && data ? { opened: true, ...data } : { ...current, opened: open })),
      ),
    [],
  );

  const close = () => {
    closeOverlay('auth');
    if (pathname.startsWith('/auth/')) navigate(ROUTES.home, { replace: true });
  };
  const switchTo = (view: AuthView) => setState((current) => ({ ...current, view }));

  return (
    <Modal.Root
      opened={state.opened}
      onClose={close}
      fullScreen
      transitionProps={{ transition: 'fade', duration: 150 }}
    >
      <Modal.Overlay />
      <Modal.Content aria-label={t(TITLES[state.view])}>
        <CloseButton
          size="lg"
          onClick={close}
          aria-label={t('auth.close')}
          pos="absolute"
          top={16}
          right={16}
          style={{ zIndex: 2 }}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100dvh">
          <SlidesPanel />
          <Box
            p={{ base: 'lg', sm: 48 }}
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Box w="100%" maw={420}>
              {state.view === 'signIn' && <SignInForm onSwitch={switchTo} onDone={close} />}
              {state.view === 'signUp' && <SignUpForm onSwitch={switchTo} onDone={close} />}
              {state.view === 'forgotPassword' && <ForgotPasswordForm onSwitch={switchTo} />}
              {state.view === 'setPassword' && state.code && (
                <SetPasswordForm code={state.code} onSwitch={switchTo} />
              )}
              {state.view === 'mergeAccounts' && state.provider && (
                <MergeAccountsForm provider={state.provider} />
              )}
            </Box>
          </Box>
        </SimpleGrid>
      </Modal.Content>
    </Modal.Root>
  );
}

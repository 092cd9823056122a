import { AppShell, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BREAKPOINTS } from '../../../common/constants';
import { LazyWhen } from '../../components/lazy-when';
import { ReportProblemButton } from '../../features/abuse/report-problem-button';
import { AuthActions } from '../../features/auth/auth-actions';
import { useLiveEvents } from '../../lib/live-events';
import { useDocumentTitle } from '../../lib/route-title';
import { useTranslation } from '../../lib/translation';
import { shownInRing, useUploads } from '../../lib/uploads';
import { LazyOverlay } from '../lazy-overlay';
import { VerificationHost } from '../verification-host';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';

// The sign-in forms and the report form load when first opened: most visits open neither.
const loadAuthOverlay = async () => (await import('../../features/auth/auth-overlay')).AuthOverlay;
const loadAbuseReport = async () => (await import('../../features/abuse/abuse-report')).AbuseReport;
const loadUploadRing = async () => (await import('../../features/upload/upload-ring')).UploadRing;

/** The shell around every screen: fixed header, side menu (a drawer below 1000 px), footer, abuse report. */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  const location = useLocation();
  const isDesktop = useMediaQuery(`(min-width: ${em(BREAKPOINTS.lg)})`);
  // Below 1000 px the closed menu is off-screen; keep it out of the tab order and screen readers too.
  const menuHidden = isDesktop === false && !menuOpen;
  const uploading = useUploads().some(shownInRing);
  useDocumentTitle();
  useLiveEvents();

  // A navigation closes the mobile menu; so does Escape, like every other overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation by design
  useEffect(() => menu.close(), [location.pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && menu.close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menu]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 232, breakpoint: 'lg', collapsed: { mobile: !menuOpen } }}
      padding={0}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Header menuOpen={menuOpen} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar
        aria-label={t('nav.mainMenu')}
        style={menuHidden ? { visibility: 'hidden' } : undefined}
      >
        <SideMenu />
      </AppShell.Navbar>
      {/* One main landmark, and the footer beside it rather than inside, so it stays the page's contentinfo. */}
      <AppShell.Main id="main" tabIndex={-1} mih="calc(100dvh - 120px)">
        <Outlet />
      </AppShell.Main>
      <Footer />
      <ReportProblemButton />
      <LazyOverlay name="abuseReport" load={loadAbuseReport} />
      <LazyWhen when={uploading} load={loadUploadRing} />
      <LazyOverlay name="auth" load={loadAuthOverlay} />
      <AuthActions />
      <VerificationHost />
    </AppShell>
  );
}

import { Container, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { RequireSignIn } from '../../components/require-sign-in';
import { useTranslation } from '../../lib/translation';

const SECTIONS = [
  { path: ROUTES.settingsInfo, label: 'settings.tabs.info' },
  { path: ROUTES.settingsBilling, label: 'settings.tabs.billing' },
  { path: ROUTES.settingsAuth, label: 'settings.tabs.auth' },
] as const;

/** /me/settings: one heading and a tab per section (profile, billing, sign-in); the section below. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SECTIONS.find((section) => pathname.startsWith(section.path))?.path ?? null;

  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Title order={1} mb="md">
          {t('routes.settings')}
        </Title>
        <Tabs value={current} onChange={(path) => path && navigate(path)} mb="lg" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {SECTIONS.map((section) => (
              <Tabs.Tab key={section.path} value={section.path} style={{ whiteSpace: 'nowrap' }}>
                {t(section.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Container>
    </RequireSignIn>
  );
}

import { ActionIcon, Box, Burger, Button, Group, Skeleton, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent, MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES, TYPED_SEARCH_FIELD, typedSearchPath } from '../../../common/routes';
import { LazyWhen } from '../../components/lazy-when';
import { type AuthView, openOverlay } from '../../lib/overlays';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { LanguageSelector } from './language-selector';
import { Logo } from './logo';

// A member's menu loads once someone is signed in: a visitor's first page does without it.
const loadUserMenu = async () => (await import('./user-menu')).UserMenu;

/**
 * Sign in and sign up are links to the overlays' own addresses: tapped before the app has taken over a
 * page the server rendered, the browser opens that address (the overlay over the home page); once the app
 * runs, the overlay opens over the page in place. A click meant for a new tab keeps the link's default.
 */
const openAuth = (view: AuthView) => (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openOverlay('auth', { view });
};

export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isSignedIn, isLoading } = useSession();
  // The box's own value, not React state: words typed before the app took over the page the server
  // rendered are in the box but were never seen by React.
  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get(TYPED_SEARCH_FIELD);
    navigate(typedSearchPath(typeof typed === 'string' ? typed : ''));
  };

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpen}
          onClick={onToggleMenu}
          hiddenFrom="lg"
          size="sm"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        />
        <UnstyledButton component={Link} to={ROUTES.home} aria-label={t('nav.home')}>
          <Logo />
        </UnstyledButton>
      </Group>

      <Box component="search" style={{ flex: 1, maxWidth: 480 }}>
        {/* A plain form too: sent before the app runs, the server sends it on to its results. */}
        <form onSubmit={handleSearch} action={ROUTES.search} method="get">
          <TextInput
            name={TYPED_SEARCH_FIELD}
            visibleFrom="sm"
            aria-label={t('header.searchLabel')}
            placeholder={t('header.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            radius="xl"
          />
        </form>
      </Box>

      <Group gap="xs" wrap="nowrap">
        {/* Phones have no room for the box: the icon opens the search page, its picker full width. */}
        <ActionIcon
          component={Link}
          to={ROUTES.search}
          hiddenFrom="sm"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('header.searchLabel')}
        >
          <IconSearch size={20} aria-hidden />
        </ActionIcon>
        <Button
          component={Link}
          to={ROUTES.upload}
          variant="light"
          visibleFrom="md"
          title={t('header.sellHint')}
        >
          {t('header.sell')}
        </Button>
        <Button
          component={Link}
          to={ROUTES.videos}
          variant="light"
          color="indigo"
          visibleFrom="md"
          title={t('header.buyHint')}
        >
          {t('header.buy')}
        </Button>
        <LanguageSelector />
        {isLoading ? null : isSignedIn ? (
          <LazyWhen when load={loadUserMenu} fallback={<Skeleton circle height={38} />} />
        ) : (
          <>
            <Button component="a" href={ROUTES.signIn} onClick={openAuth('signIn')} variant="default">
              {t('header.signIn')}
            </Button>
            <Button component="a" href={ROUTES.signUp} onClick={openAuth('signUp')} visibleFrom="xs">
              {t('header.signUp')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}

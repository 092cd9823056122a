import { type CSSVariablesResolver, createTheme, rem } from '@mantine/core';
import { BREAKPOINTS } from '../../common/constants';
import { accessibleColors, dimmedText } from './accessible-colors';

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  // Plain overrides, not `Menu.extend(…)`, which would bring the component's code to every first page.
  components: {
    // A loader is a live status: its name ("Loading…") is allowed and read only on an element with a role
    Loader: { defaultProps: { role: 'status' } },
    // A menu (role=menu) may hold only its items: Mantine's focus placeholder is a role=presentation
    // child that screen readers and axe (aria-required-children) refuse. Opened from the keyboard, the
    // menu's own dropdown takes focus and the arrows move to its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
  colors: accessibleColors,
  primaryColor: 'teal',
  // A visible outline on whatever the keyboard reaches (not on a mouse click).
  focusRing: 'auto',
  // People who ask their system for less motion get modals, menus and toasts without fades
  respectReducedMotion: true,
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  defaultRadius: 'md',
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
  },
  spacing: { xs: rem(8), sm: rem(12), md: rem(16), lg: rem(24), xl: rem(36) },
});

/** Dimmed text dark enough to read (WCAG AA) on white and on a card's light grey. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': dimmedText,
    '--mantine-color-placeholder': dimmedText,
    // Error messages and invalid inputs' text: red 6 is 3.3:1 on white.
    '--mantine-color-error': accessibleColors.red?.[8] ?? '#c92a2a',
  },
  dark: {},
});

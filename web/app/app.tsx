import { createTheme, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { LazyWhen } from '../components/lazy-when';
import { useTranslation } from '../lib/translation';
import { cssVariablesResolver, theme } from './theme';

/**
 * What every screen sits in: the component kit's theme, the toasts and the query cache. The browser puts
 * its router inside (main.tsx); the server, a page it renders (server-render.tsx).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={useThemeWithLabels()} cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const loadToasts = async () => (await import('./toasts')).Toasts;

/**
 * The toasts' container (and its animations) loads with the first toast and then stays, so a page no
 * one is told anything on does without it.
 */
function Toasts() {
  const toasting = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasting) setNeeded(true);
  }, [toasting]);
  return <LazyWhen when={needed || toasting} load={loadToasts} />;
}

/**
 * Mantine's close and clear buttons are unlabelled icons: every modal, drawer and toast names its close
 * button, and every clearable field its clear button, in the reader's language (screen readers would
 * say only "button"), unless a component names it itself. Spinners say "Loading" the same way.
 */
function useThemeWithLabels() {
  const { t } = useTranslation();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('toast.close') };
    const clearButtonProps = { 'aria-label': t('app.clear') };
    return mergeThemeOverrides(
      theme,
      createTheme({
        // Plain overrides, not `Modal.extend(…)`: naming a component here would put its code in every
        // page's first download, and most pages never open a modal or a multi-select.
        components: {
          Modal: { defaultProps: { closeButtonProps } },
          Drawer: { defaultProps: { closeButtonProps } },
          Notification: { defaultProps: { closeButtonProps } },
          Select: { defaultProps: { clearButtonProps } },
          MultiSelect: { defaultProps: { clearButtonProps } },
          TagsInput: { defaultProps: { clearButtonProps } },
          Autocomplete: { defaultProps: { clearButtonProps } },
          FileInput: { defaultProps: { clearButtonProps } },
          Loader: { defaultProps: { 'aria-label': t('app.loading') } },
        },
      }),
    );
  }, [t]);
}

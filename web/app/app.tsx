import {
  Autocomplete,
  createTheme,
  Drawer,
  FileInput,
  Loader,
  MantineProvider,
  Modal,
  MultiSelect,
  mergeThemeOverrides,
  Notification,
  Select,
  TagsInput,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * Toasts at the bottom centre, lifted above the floating report and upload buttons of the corners: there
 * they cover neither the header's controls nor an open dialog's title. At most three at once.
 */
function Toasts() {
  return <Notifications className="app-toasts" position="bottom-center" limit={3} zIndex={4000} />;
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
        components: {
          Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
          Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
          Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
          Select: Select.extend({ defaultProps: { clearButtonProps } }),
          MultiSelect: MultiSelect.extend({ defaultProps: { clearButtonProps } }),
          TagsInput: TagsInput.extend({ defaultProps: { clearButtonProps } }),
          Autocomplete: Autocomplete.extend({ defaultProps: { clearButtonProps } }),
          FileInput: FileInput.extend({ defaultProps: { clearButtonProps } }),
          Loader: Loader.extend({ defaultProps: { 'aria-label': t('app.loading') } }),
        },
      }),
    );
  }, [t]);
}

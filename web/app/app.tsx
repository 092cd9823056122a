import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
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

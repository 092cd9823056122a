import { em, MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { BREAKPOINTS } from '../../common/constants';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Toasts top right; on a phone at the bottom, where they do not cover a full-screen dialog's title. */
function Toasts() {
  const isPhone = useMediaQuery(`(max-width: ${em(BREAKPOINTS.sm)})`);
  return <Notifications position={isPhone ? 'bottom-center' : 'top-right'} limit={5} zIndex={4000} />;
}

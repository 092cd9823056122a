import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** The app's defaults; the server makes one per page it renders, so no visitor sees another's cache. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Retrying a refusal or a missing record only delays the message the user needs to see.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });

/** The browser's one query cache. */
export const queryClient = createQueryClient();

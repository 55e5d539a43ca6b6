import { QueryClient } from '@tanstack/react-query';

/** The app's one cache. A 4xx will not change on retry, so only other failures retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { response?: { status?: number } }).response?.status;
          return failureCount < 1 && (status === undefined || status >= 500);
        },
      },
    },
  });
}

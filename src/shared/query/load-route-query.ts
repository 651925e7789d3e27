import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The loaders' one way to load a page's data: `ensureQueryData` with the options the page reads,
 * so a route opens with its data (the router shows skeleton rows meanwhile). When only the search
 * of the open route changes (`cause: 'stay'`: a filter, a page), the fetch is started without
 * waiting, so the page keeps its toolbar and shows the previous rows until the new ones arrive.
 */
export function loadRouteQuery<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  cause: 'enter' | 'stay' | 'preload',
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<unknown> | undefined {
  if (cause === 'stay') {
    void queryClient.prefetchQuery(options);
    return undefined;
  }
  return queryClient.ensureQueryData(options);
}

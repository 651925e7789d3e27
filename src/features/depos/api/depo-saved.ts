import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import type { DepoRow } from '../depo-form-values';
import { depoListsKey } from './get-depo-list';

/** After a save: the form's row, the admin list and the depo switcher's titles. */
export function depoSaved(queryClient: QueryClient, slug: string, depo: DepoRow): void {
  queryClient.setQueryData(queryKeys.tenant(slug).resource('depos').detail(depo.id), depo);
  void queryClient.invalidateQueries({ queryKey: depoListsKey(slug) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.tenant(slug).depos() });
}

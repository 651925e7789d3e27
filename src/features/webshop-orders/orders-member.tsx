import { createContext, useContext } from 'react';
import type { Tables } from '@/shared/supabase/database.types';

/** What the order screens need of the signed-in member; the route hands it over (features do not import each other). */
export interface OrdersMember {
  tenant: Pick<
    Tables<'tenants'>,
    'slug' | 'date_format' | 'time_zone' | 'currency' | 'locale' | 'uses_ice_cream_eod_layout'
  >;
  /** The depos the member works in (Change depo offers the others). */
  depos: ReadonlyArray<Pick<Tables<'depos'>, 'id' | 'title'>>;
}

export const OrdersMemberContext = createContext<OrdersMember | null>(null);

export function useOrdersMember(): OrdersMember {
  const member = useContext(OrdersMemberContext);
  if (!member) throw new Error('The order screens are rendered inside WebshopOrdersPage');
  return member;
}

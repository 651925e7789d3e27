// The customer view's marker colours (delivery-operations, Map view): green for a customer in this route,
// blue in another route, black with a route number only, red with none. The first that applies wins.

export type CustomerPlace = 'current-route' | 'other-route' | 'route-number' | 'none';

export interface CustomerBelonging {
  exists_in_current_route: boolean;
  exists_in_other_route: boolean;
  /** True also where the tenant hides the number itself (hides_customer_route_number). */
  has_route_number: boolean;
}

export const customerColours: Record<CustomerPlace, string> = {
  'current-route': '#2b8a3e',
  'other-route': '#1971c2',
  'route-number': '#000000',
  none: '#e03131',
};

/** What a screen-reader user hears for each colour (the points list names it, the legend shows it). */
export const customerPlaceText: Record<CustomerPlace, string> = {
  'current-route': 'in this route',
  'other-route': 'in another route',
  'route-number': 'has a route number',
  none: 'in no route',
};

export function customerPlace(customer: CustomerBelonging): CustomerPlace {
  if (customer.exists_in_current_route) return 'current-route';
  if (customer.exists_in_other_route) return 'other-route';
  if (customer.has_route_number) return 'route-number';
  return 'none';
}

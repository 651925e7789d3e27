export type SalesEfficiency = 'efficient' | 'some' | 'none';

/**
 * The colour class of a point's sales (delivery-operations §4 "Route editor"): green at or above the route's minimum
 * efficient sales count, orange above 0, red at 0.
 */
export function salesEfficiency(salesCount: number, minimumEfficientSalesCount: number): SalesEfficiency {
  if (salesCount >= minimumEfficientSalesCount) return 'efficient';
  if (salesCount > 0) return 'some';
  return 'none';
}

/**
 * How big the scale tenant is at a given scale (1 = the production-scale customer of issue 15). Every count
 * is derived here, so the generator, its test and the bench agree on what was loaded.
 */
export interface ScalePlan {
  scale: number;
  depos: number;
  cars: number;
  routes: number;
  pointsPerRoute: number;
  planEvents: number;
  /** Days of plan events: two years, 640 days back from the anchor and 89 ahead. */
  daysBack: number;
  daysAhead: number;
  customers: number;
  /** Customers with a stop subscription: their SMS receivers come from the app's own triggers. */
  subscribers: number;
  b2bCustomers: number;
  posOrders: number;
  products: number;
  /** Depo warehouses besides one per car (a depo's primary one and its extra stores). */
  depoWarehouses: number;
  /** Products a car's warehouse is loaded with from its depo. */
  productsPerCar: number;
  /** GPS history: every car, a fix every 5 s, for this many hours of yesterday's driving day. */
  positionHours: number;
}

const at = (full: number, scale: number) => Math.max(1, Math.round(full * scale));

export function scalePlan(scale: number): ScalePlan {
  if (!(scale > 0 && scale <= 1)) throw new Error(`--scale must be in (0, 1], not ${scale}`);
  const depos = at(20, scale);
  const cars = Math.max(at(300, scale), depos);
  return {
    scale,
    depos,
    cars,
    // A whole number of routes per depo, so every depo's slots of a day find distinct routes.
    routes: Math.max(1, Math.round(at(3000, scale) / depos)) * depos,
    pointsPerRoute: 50,
    planEvents: at(80_000, scale),
    daysBack: 640,
    daysAhead: 89,
    customers: at(200_000, scale),
    subscribers: at(150_000, scale),
    b2bCustomers: at(100_000, scale),
    posOrders: at(1_000_000, scale),
    products: at(2_000, scale),
    depoWarehouses: Math.max(at(50, scale), depos),
    productsPerCar: Math.min(at(2_000, scale), 100),
    positionHours: scale >= 1 ? 10 : Math.max(0.1, 10 * scale),
  };
}

/**
 * The private Realtime topics the database broadcasts on (see the live-lists, live-positions and
 * arrival-estimates migrations):
 * - depo-owned tables on `depo:<depo id>:<table>`, tenant-wide tables on `tenant:<tenant uuid>:<table>`; the
 *   cars' latest locations from GPS come on `depo:<depo id>:cars` as event 'locations' (`{ table, cars: [...] }`,
 *   up to 35 cars a message) rather than one row change per car;
 * - GPS fixes to staff on `depo:<depo id>:car_positions` (event 'positions', `{ positions: [...] }` per batch)
 *   and to staff of the car's depo on `car:<car id>:position` (event 'position', its newest fix, while the car is
 *   on a plan event today); the public follows the truck of one stop on `stop:<plan event route point uuid>:truck`
 *   (the same event), which may be joined, and is broadcast to, only while the stop is live: its plan event on the
 *   road today and the visit not done;
 * - arrival estimates to staff on `depo:<depo id>:arrival_estimates` (event 'arrival_estimates') and to the
 *   public on `stop:<plan event route point uuid>` (event 'arrival_estimate'), which anyone with the stop's
 *   public uuid may join.
 */
export const liveTopics = {
  tenant: (tenantId: string, table: string) => `tenant:${tenantId}:${table}`,
  depo: (depoId: number, table: string) => `depo:${depoId}:${table}`,
  depoArrivalEstimates: (depoId: number) => `depo:${depoId}:arrival_estimates`,
  stop: (stopUuid: string) => `stop:${stopUuid}`,
  depoCarPositions: (depoId: number) => `depo:${depoId}:car_positions`,
  carPosition: (carId: number) => `car:${carId}:position`,
  stopTruck: (stopUuid: string) => `stop:${stopUuid}:truck`,
};

/** One GPS fix as the position broadcasts carry it. */
export interface LivePosition {
  car_id: number;
  recorded_at: string;
  lat: number;
  lng: number;
  speed_kmh: number | null;
  heading: number | null;
}

/**
 * The private Realtime topics the database broadcasts on (see the live-lists and live-positions migrations):
 * depo-owned tables on `depo:<depo id>:<table>`, tenant-wide tables on `tenant:<tenant uuid>:<table>`;
 * GPS fixes to staff on `depo:<depo id>:car_positions` (event 'positions', `{ positions: [...] }` per batch)
 * and to anyone following one car on `car:<car id>:position` (event 'position', its newest fix), which may be
 * joined only while the car is on a plan event today in its tenant's time zone.
 */
export const liveTopics = {
  tenant: (tenantId: string, table: string) => `tenant:${tenantId}:${table}`,
  depo: (depoId: number, table: string) => `depo:${depoId}:${table}`,
  depoCarPositions: (depoId: number) => `depo:${depoId}:car_positions`,
  carPosition: (carId: number) => `car:${carId}:position`,
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

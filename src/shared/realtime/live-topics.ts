/**
 * The private Realtime topics the database broadcasts row changes on (see the live-lists migration):
 * depo-owned tables on `depo:<depo id>:<table>`, tenant-wide tables on `tenant:<tenant uuid>:<table>`.
 * Arrival estimates (see the arrival-estimates migration): staff on `depo:<depo id>:arrival_estimates`
 * (event 'arrival_estimates'), the public on `stop:<plan event route point uuid>` (event 'arrival_estimate'),
 * which anyone with the stop's public uuid may join.
 */
export const liveTopics = {
  tenant: (tenantId: string, table: string) => `tenant:${tenantId}:${table}`,
  depo: (depoId: number, table: string) => `depo:${depoId}:${table}`,
  depoArrivalEstimates: (depoId: number) => `depo:${depoId}:arrival_estimates`,
  stop: (stopUuid: string) => `stop:${stopUuid}`,
};

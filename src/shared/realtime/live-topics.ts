/**
 * The private Realtime topics the database broadcasts row changes on (see the live-lists migration):
 * depo-owned tables on `depo:<depo id>:<table>`, tenant-wide tables on `tenant:<tenant uuid>:<table>`.
 */
export const liveTopics = {
  tenant: (tenantId: string, table: string) => `tenant:${tenantId}:${table}`,
  depo: (depoId: number, table: string) => `depo:${depoId}:${table}`,
};

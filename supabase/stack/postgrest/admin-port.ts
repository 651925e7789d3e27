/** PostgREST's admin server (/ready, /live) listens on the port after its API: a stack owns four consecutive ports. */
export const postgrestAdminPort = (apiPort: number): number => apiPort + 1;

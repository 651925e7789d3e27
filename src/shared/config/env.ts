import { parseEnv } from './parse-env';

/** The app's validated environment, read once at start-up. */
export const env = parseEnv(import.meta.env, window.location.origin);

import { createClient } from '@supabase/supabase-js';
import { env } from '@/shared/config/env';
import type { Database } from './database.types';

/** The app's only Supabase client: one auth session, one realtime socket. */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey);

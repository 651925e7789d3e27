// Which GPS provider serves a tenant, from the functions' settings (edge-functions/.env.example).
import { providerSetting } from '../_shared/env.ts';
import type { GpsProvider } from '../_shared/providers/gps.ts';
import { MAPON_DEFAULT_URL, maponGps } from '../_shared/providers/mapon-gps.ts';
import { simulatedGps } from '../_shared/providers/simulated-gps.ts';

/** MapOn when chosen (or its key is set), nothing when GPS_PROVIDER=off, else the trip simulator. */
export function gpsProviderFor(slug: string): GpsProvider | null {
  const choice = providerSetting('GPS_PROVIDER', slug)?.toLowerCase();
  if (choice === 'off') return null;
  const apiKey = providerSetting('MAPON_API_KEY', slug);
  if (choice === 'mapon' || (choice !== 'simulator' && apiKey)) {
    if (!apiKey) {
      console.error(`gps-sync ${slug}: GPS_PROVIDER is mapon but MAPON_API_KEY is not set; no positions`);
      return null;
    }
    return maponGps({ baseUrl: providerSetting('MAPON_API_URL', slug) ?? MAPON_DEFAULT_URL, apiKey });
  }
  return simulatedGps();
}

import { useQuery } from '@tanstack/react-query';
import { fillText } from '@/shared/public/i18n/catalogue';
import { usePublicSite } from '@/shared/public/public-site-context';
import { smsLeadMinutesQueryOptions } from './api/sms-lead-minutes';

/**
 * A promise about the arrival SMS with the depo's own lead time filled in ("ca. 30 minutter"), so the page says
 * what the SMS engine does; `withoutTime` until the time is known (or when the site has no depo with stops).
 */
export function useSmsLeadText(routePointId: number | null, withTime: string, withoutTime: string): string {
  const site = usePublicSite();
  const { data } = useQuery(smsLeadMinutesQueryOptions(site.public_segment, routePointId));
  if (!data) return withoutTime;
  const minutes = data.min === data.max ? String(data.min) : `${data.min}-${data.max}`;
  return fillText(withTime, { minutes });
}

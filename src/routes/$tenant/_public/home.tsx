import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { NeutralEntry } from '@/shared/public/components/neutral-entry';
import { usePublicSite } from '@/shared/public/public-site-context';
import { SubscribePage } from '@/features/public-subscribe/components/subscribe-page';

// A customer arriving from the messenger extension brings the address and phone (and the messenger ids to send on).
const MessengerSearch = z.object({
  address: z.string().max(500).optional().catch(undefined),
  // The router reads a number-looking value (a phone) as a number.
  phone: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(30)).optional().catch(undefined),
  facebook_messenger_id: z.string().max(200).optional().catch(undefined),
  broadcast_message_block_id: z.string().max(200).optional().catch(undefined),
});

/** A public site's home, shown at the bare /{segment} (see features/public/public-segments.ts): subscribe page. */
export const Route = createFileRoute('/$tenant/_public/home')({
  validateSearch: MessengerSearch,
  component: PublicHome,
});

function PublicHome() {
  const site = usePublicSite();
  const search = Route.useSearch();
  if (site.is_public) return <NeutralEntry />;
  const messenger =
    search.address || search.phone || search.facebook_messenger_id
      ? {
          address: search.address ?? '',
          phone: search.phone ?? '',
          facebookMessengerId: search.facebook_messenger_id ?? null,
          broadcastMessageBlockId: search.broadcast_message_block_id ?? null,
        }
      : null;
  return <SubscribePage messenger={messenger} />;
}

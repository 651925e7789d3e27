import { createFileRoute } from '@tanstack/react-router';
import { NeutralEntry } from '@/shared/public/components/neutral-entry';
import { usePublicSite } from '@/shared/public/public-site-context';
import { SubscribePage } from '@/features/public-subscribe/components/subscribe-page';
import { text } from '@/shared/routing/url-values';

// A customer arriving from the messenger extension brings the address and phone (and the messenger ids to send on).
interface MessengerSearch {
  address?: string;
  phone?: string;
  facebook_messenger_id?: string;
  broadcast_message_block_id?: string;
}

const messengerSearch = {
  parse: (raw: Partial<Record<keyof MessengerSearch, unknown>>): MessengerSearch => ({
    address: text(raw.address, { max: 500 }),
    // The router reads a number-looking value (a phone) as a number.
    phone: text(raw.phone, { max: 30, numbers: true }),
    facebook_messenger_id: text(raw.facebook_messenger_id, { max: 200 }),
    broadcast_message_block_id: text(raw.broadcast_message_block_id, { max: 200 }),
  }),
};

/** A public site's home, shown at the bare /{segment} (see features/public/public-segments.ts): subscribe page. */
export const Route = createFileRoute('/$tenant/_public/home')({
  validateSearch: messengerSearch,
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

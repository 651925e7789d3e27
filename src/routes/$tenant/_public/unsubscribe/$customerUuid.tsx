import { createFileRoute, notFound } from '@tanstack/react-router';
import { PartialUnsubscribe } from '@/features/public-subscribe/components/partial-unsubscribe';
import { isUuid } from '@/shared/routing/url-values';

/** Unsubscribe of the customer of a tracking link (by their public uuid): partial when they get both kinds of SMS. */
export const Route = createFileRoute('/$tenant/_public/unsubscribe/$customerUuid')({
  params: {
    parse: (raw: { customerUuid: string }) => {
      if (!isUuid(raw.customerUuid)) throw notFound();
      return { customerUuid: raw.customerUuid };
    },
    stringify: (params: { customerUuid: string }) => params,
  },
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { customerUuid } = Route.useParams();
  return <PartialUnsubscribe customerUuid={customerUuid} />;
}

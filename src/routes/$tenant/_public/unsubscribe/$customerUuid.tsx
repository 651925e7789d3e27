import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { PartialUnsubscribe } from '@/features/public-subscribe/components/partial-unsubscribe';

/** Unsubscribe of the customer of a tracking link (by their public uuid): partial when they get both kinds of SMS. */
export const Route = createFileRoute('/$tenant/_public/unsubscribe/$customerUuid')({
  params: {
    parse: (raw: { customerUuid: string }) => {
      const parsed = z.uuid().safeParse(raw.customerUuid);
      if (!parsed.success) throw notFound();
      return { customerUuid: parsed.data };
    },
    stringify: (params: { customerUuid: string }) => params,
  },
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { customerUuid } = Route.useParams();
  return <PartialUnsubscribe customerUuid={customerUuid} />;
}

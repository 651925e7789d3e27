import { useSmsBudget } from '../api/get-sms-budget';

/**
 * The home page's word that today's SMS budget is spent (issue 24 item 3): the dispatcher holds the rest in the
 * outbox, so staff know why customers get no SMS and that nothing is lost. Nothing is shown while there is room.
 */
export function SmsBudgetNotice({ tenant }: { tenant: { slug: string } }) {
  const budget = useSmsBudget(tenant.slug);
  const today = budget.data;
  if (!today || today.spent_today < today.daily_budget) return null;
  return (
    <p className="form__error" role="alert">
      Today&apos;s SMS budget of {today.daily_budget} SMS is spent. {today.held} SMS {today.held === 1 ? 'is' : 'are'}{' '}
      held in the outbox and will be sent when an admin raises the budget or tomorrow.
    </p>
  );
}

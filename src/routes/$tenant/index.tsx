import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/$tenant/')({
  component: TenantHome,
});

function TenantHome() {
  const { tenant } = Route.useParams();
  return (
    <section>
      <h1>Home</h1>
      <p>You are signed in to {tenant}.</p>
    </section>
  );
}

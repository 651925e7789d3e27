import { createFileRoute, Link } from '@tanstack/react-router';
import { demoTenants } from '@/features/tenants/demo-tenants';
import { useSession } from '@/shared/supabase/session-query';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  const session = useSession();
  return (
    <main className="page page--narrow">
      <h1>Truckdesk</h1>
      <p>Choose the company to sign in to.</p>
      <ul className="tenant-list">
        {demoTenants.map(({ slug, country }) => (
          <li key={slug}>
            {session ? (
              <Link to="/$tenant" params={{ tenant: slug }}>
                {slug}
              </Link>
            ) : (
              <Link to="/$tenant/users/sign_in" params={{ tenant: slug }}>
                {slug}
              </Link>
            )}
            <span className="muted">{country}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}

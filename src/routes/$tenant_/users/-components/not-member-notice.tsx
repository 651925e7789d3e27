import { Link } from '@tanstack/react-router';
import { useSignOut } from '@/features/auth/api/sign-out';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { useTenantBrandName } from '@/features/public-branding/use-tenant-brand-name';
import type { MembershipClaim } from '@/shared/supabase/jwt-claims';
import { showFlash } from '@/shared/ui/flash/flash-store';

export interface NotMemberNoticeProps {
  email: string;
  memberships: readonly MembershipClaim[];
}

/**
 * Someone signed in who works for other companies but not for this one: say so, and offer their
 * own companies or another account.
 */
export function NotMemberNotice({ email, memberships }: NotMemberNoticeProps) {
  const signOut = useSignOut();
  return (
    <section className="notice" aria-labelledby="not-member-title">
      <p id="not-member-title" className="form__error" role="alert">
        {signInMessages.notMember}
      </p>
      <p>
        You are signed in as <strong>{email}</strong>. Your companies:
      </p>
      <ul className="tenant-list">
        {memberships.map((membership) => (
          <li key={membership.tenant_id}>
            <Link to="/$tenant" params={{ tenant: membership.tenant }}>
              <TenantName slug={membership.tenant} />
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--block"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onError: (error) => showFlash(error.message, 'alert') })}
      >
        Sign in with another account
      </button>
    </section>
  );
}

function TenantName({ slug }: { slug: string }) {
  return useTenantBrandName(slug);
}

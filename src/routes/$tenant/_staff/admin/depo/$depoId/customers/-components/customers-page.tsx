import { Link } from '@tanstack/react-router';
import { staffRoutes } from '@/app/staff-routes';
import { useEffect } from 'react';
import { useCustomers } from '@/features/customers/api/get-customers';
import { ConsentFilter } from '@/features/customers/components/consent-filter';
import { CustomersTable } from '@/features/customers/components/customers-table';
import {
  CUSTOMER_PAGE_SIZES,
  type CustomerListParams,
  type CustomerListSearch,
} from '@/features/customers/customer-list-search';
import '@/features/customers/customers.css';
import { useCurrentMember } from '@/features/tenants/current-member';
import { queryKeys } from '@/shared/query/query-keys';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { SearchBox } from '@/shared/ui/search-box/search-box';

export interface CustomersPageProps {
  /** The depo segment the page is under; its record pages stay below it. */
  depoId: number;
  params: CustomerListParams;
  onParamsChange: (search: CustomerListSearch) => void;
}

const supportMap = staffRoutes.find((route) => route.id === 'customer-support');

export function CustomersPage({ depoId, params, onParamsChange }: CustomersPageProps) {
  const { tenant } = useCurrentMember();
  const customers = useCustomers(tenant, params);
  useLiveInvalidation(
    liveTopics.tenant(tenant.id, 'customers'),
    queryKeys.tenant(tenant.slug).resource('customers').lists(),
  );
  useEffect(() => {
    if (customers.error) flashRequestError(customers.error);
  }, [customers.error]);

  const rows = customers.data;
  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <h1>Customers</h1>
        <div>
          {/* The link leads to the support stop map: shown once that screen is declared, never to "Page not found". */}
          {supportMap && (
            <>
              <a className="button" href={`/${tenant.slug}/customer_support`}>
                {supportMap.label}
              </a>{' '}
            </>
          )}
          <Link
            className="button button--primary"
            to="/$tenant/admin/depo/$depoId/customers/new"
            params={{ tenant: tenant.slug, depoId }}
          >
            New customer
          </Link>
        </div>
      </div>
      <div className="customers-toolbar">
        <SearchBox
          label="Search customers"
          initialValue={params.searchPhrase}
          onSearch={(phrase) => onParamsChange({ search_phrase: phrase || undefined, page: undefined })}
        />
        {tenant.has_consent_filter && (
          <ConsentFilter
            value={params.consent}
            onChange={(consent) => onParamsChange({ consent: consent ?? undefined, page: undefined })}
          />
        )}
      </div>
      {customers.isError && !rows ? (
        <p className="form__error" role="alert">
          The customers could not be loaded.{' '}
          <button type="button" className="button" onClick={() => void customers.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <CustomersTable
          tenantSlug={tenant.slug}
          depoId={depoId}
          rows={rows}
          loading={customers.isPending || (customers.isPlaceholderData && customers.isFetching)}
        />
      )}
      <div className="admin-footer">
        <label>
          Rows per page{' '}
          <select
            value={params.perPage}
            onChange={(event) =>
              onParamsChange({
                per_page: Number(event.target.value) as CustomerListSearch['per_page'],
                page: undefined,
              })
            }
          >
            {CUSTOMER_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Pagination
          label="Customers pages"
          page={params.page}
          rowCount={rows?.length ?? 0}
          pageSize={params.perPage}
          onPageChange={(page) => onParamsChange({ page })}
        />
      </div>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { monthRange, type DateRange } from '@/shared/dates/calendar-date';
import { todayIn } from '@/shared/dates/today-in';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SecondaryButton, DangerButton } from '@/shared/ui/form-fields/form-buttons';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useRouteCustomers, useSimilarRoutes, useUnplannedSales } from '../api/route-catalogue';
import { useCreateRoutePoint, useDestroyPointsByAddress } from '../api/route-actions';
import { approvalLabel } from '../route-approval';
import './routes.css';

export interface RouteCataloguePanelProps {
  slug: string;
  depoId: number;
  routeId: number;
  dateFormat: string;
  timeZone: string;
}

/** A part of the page that loads its data the first time it is opened. */
function Section({ title, children }: { title: string; children: (open: boolean) => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="routes__panel" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>
        <h2 className="routes__summary-title">{title}</h2>
      </summary>
      {children(opened)}
    </details>
  );
}

function SimilarRoutes({ slug, routeId, open }: { slug: string; routeId: number; open: boolean }) {
  const similar = useSimilarRoutes(slug, routeId, open);
  if (!open) return null;
  return (
    <>
      <QueryState
        what="similar routes"
        isPending={similar.isPending}
        error={similar.error}
        onRetry={() => void similar.refetch()}
      />
      {similar.data?.length === 0 && <p>No similar routes found</p>}
      {similar.data && similar.data.length > 0 && (
        <ul className="routes__list" aria-label="Similar routes">
          {similar.data.map((route) => (
            <li key={route.id}>
              <Link
                to="/$tenant/depo/$depoId/routes/$routeId/edit"
                params={{ tenant: slug, depoId: route.depo_id, routeId: route.id }}
              >
                {route.name}
              </Link>{' '}
              ({route.depo_title}, {approvalLabel(route.should_approve)}): {route.shared_stops} shared{' '}
              {route.shared_stops === 1 ? 'stop' : 'stops'}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Customers({ slug, routeId, open }: { slug: string; routeId: number; open: boolean }) {
  const customers = useRouteCustomers(slug, routeId, open);
  if (!open) return null;
  return (
    <>
      <QueryState
        what="customers"
        isPending={customers.isPending}
        error={customers.error}
        onRetry={() => void customers.refetch()}
      />
      {customers.data?.length === 0 && <p>No customers on this route</p>}
      {customers.data && customers.data.length > 0 && (
        <table className="routes__table" aria-label="Customers of the route">
          <thead>
            <tr>
              <th scope="col">Stop</th>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {customers.data.map((customer) => (
              <tr key={`${customer.kind}-${customer.customer_id}-${customer.route_point_id}`}>
                <td>{customer.position}</td>
                <td>{customer.kind === 'b2b' ? 'B2B customer' : 'SMS customer'}</td>
                <td>{customer.name}</td>
                <td>{customer.phone}</td>
                <td>{customer.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function UnplannedSales({
  slug,
  routeId,
  open,
  dateFormat,
  timeZone,
}: {
  slug: string;
  routeId: number;
  open: boolean;
  dateFormat: string;
  timeZone: string;
}) {
  const [limited, setLimited] = useState(false);
  const [range, setRange] = useState<DateRange>(() => monthRange(todayIn(timeZone)));
  const sales = useUnplannedSales(slug, routeId, limited ? range.start : null, limited ? range.end : null, open);
  if (!open) return null;
  return (
    <>
      <CheckboxField label="Only plan events between dates" checked={limited} onChange={setLimited} />
      {limited && <DateRangeInput value={range} onChange={setRange} />}
      <QueryState
        what="unplanned sales"
        isPending={sales.isPending}
        error={sales.error}
        onRetry={() => void sales.refetch()}
      />
      {sales.data?.length === 0 && <p>No unplanned sales</p>}
      {sales.data && sales.data.length > 0 && (
        <table className="routes__table" aria-label="Unplanned sales">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Address</th>
              <th scope="col">Visited at</th>
            </tr>
          </thead>
          <tbody>
            {sales.data.map((sale) => (
              <tr key={sale.id}>
                <td>{formatTenantDate(sale.date, dateFormat)}</td>
                <td>{sale.address}</td>
                <td>{sale.visited_at ? formatTenantDateTime(sale.visited_at, dateFormat, timeZone) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Add a point at an address, or delete the route's points at an address (the rest are renumbered). */
function PointsByAddress({ slug, depoId, routeId }: { slug: string; depoId: number; routeId: number }) {
  const create = useCreateRoutePoint(slug, depoId);
  const destroy = useDestroyPointsByAddress(slug, depoId);
  const lock = useSubmitLock();
  const [newAddress, setNewAddress] = useState('');
  const [position, setPosition] = useState('');
  const [oldAddress, setOldAddress] = useState('');
  const [error, setError] = useState<{ field: 'new' | 'position' | 'old'; text: string } | null>(null);

  const run = async (work: () => Promise<void>) => {
    if (!lock.acquire()) return;
    try {
      await work();
    } catch (failure) {
      flashRequestError(failure);
    } finally {
      lock.release();
    }
  };

  const add = () => {
    const at = position.trim() === '' ? undefined : Number(position);
    if (newAddress.trim() === '') return setError({ field: 'new', text: "can't be blank" });
    if (at !== undefined && (!Number.isInteger(at) || at < 1))
      return setError({ field: 'position', text: 'must be greater than or equal to 1' });
    setError(null);
    void run(async () => {
      await create.mutateAsync({ routeId, address: newAddress, position: at });
      showFlash('Route Point created');
      setNewAddress('');
      setPosition('');
    });
  };

  const remove = () => {
    if (oldAddress.trim() === '') return setError({ field: 'old', text: "can't be blank" });
    setError(null);
    void run(async () => {
      await destroy.mutateAsync({ routeId, address: oldAddress });
      showFlash('Route Point Deleted');
      setOldAddress('');
    });
  };

  return (
    <>
      <div className="routes__inline">
        <TextField
          label="New point address"
          value={newAddress}
          onChange={setNewAddress}
          error={error?.field === 'new' ? error.text : undefined}
        />
        <TextField
          label="At position"
          value={position}
          onChange={setPosition}
          inputMode="numeric"
          hint="The end when empty"
          error={error?.field === 'position' ? error.text : undefined}
        />
        <SecondaryButton onClick={add}>Create point</SecondaryButton>
      </div>
      <div className="routes__inline">
        <TextField
          label="Delete points at address"
          value={oldAddress}
          onChange={setOldAddress}
          error={error?.field === 'old' ? error.text : undefined}
        />
        <DangerButton onClick={remove}>Delete points</DangerButton>
      </div>
    </>
  );
}

/** The route catalogue's views of one route, each loaded when opened. */
export function RouteCataloguePanel({ slug, depoId, routeId, dateFormat, timeZone }: RouteCataloguePanelProps) {
  return (
    <>
      <Section title="Points by address">
        {() => <PointsByAddress slug={slug} depoId={depoId} routeId={routeId} />}
      </Section>
      <Section title="Similar routes">{(open) => <SimilarRoutes slug={slug} routeId={routeId} open={open} />}</Section>
      <Section title="Customers">{(open) => <Customers slug={slug} routeId={routeId} open={open} />}</Section>
      <Section title="Unplanned sales">
        {(open) => (
          <UnplannedSales slug={slug} routeId={routeId} open={open} dateFormat={dateFormat} timeZone={timeZone} />
        )}
      </Section>
    </>
  );
}

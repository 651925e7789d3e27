import { useId } from 'react';
import { SearchBox } from '@/shared/ui/search-box/search-box';
import type { B2bCustomerFilters, B2bCustomersSearch } from '../b2b-customers-search';
import { ExportB2bCustomersButton } from './export-b2b-customers-button';

export interface B2bCustomerFilterBarProps {
  slug: string;
  filters: B2bCustomerFilters;
  depos: readonly { id: number; title: string }[];
  onChange: (change: Partial<Pick<B2bCustomersSearch, 'status' | 'depo_id' | 'search_phrase'>>) => void;
}

/** Status, Depo, the search box (more than 2 characters) and Export of exactly what is listed. */
export function B2bCustomerFilterBar({ slug, filters, depos, onChange }: B2bCustomerFilterBarProps) {
  const statusId = useId();
  const depoId = useId();
  return (
    <div className="b2b-customers__filters">
      <div className="field">
        <label className="field__label" htmlFor={statusId}>
          Status
        </label>
        <select
          id={statusId}
          className="field__input"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value === 'inactive' ? 'inactive' : 'active' })}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={depoId}>
          Depo
        </label>
        <select
          id={depoId}
          className="field__input"
          value={filters.depoId ?? ''}
          onChange={(event) =>
            onChange({ depo_id: event.target.value === '' ? undefined : Number(event.target.value) })
          }
        >
          <option value="">All depos</option>
          {depos.map((depo) => (
            <option key={depo.id} value={depo.id}>
              {depo.title}
            </option>
          ))}
        </select>
      </div>
      <div className="b2b-customers__search">
        <SearchBox
          label="Search B2B customers"
          placeholder="Search"
          initialValue={filters.searchPhrase}
          onSearch={(phrase) => onChange({ search_phrase: phrase })}
        />
      </div>
      <ExportB2bCustomersButton slug={slug} filters={filters} />
    </div>
  );
}

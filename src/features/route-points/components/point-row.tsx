import { useState } from 'react';
import { AddressSearch, type AddressResult } from '@/shared/ui/address-search/address-search';
import { isTimeOfDayOrBlank } from '@/shared/dates/time-of-day';
import { TimeOfDayInput } from '@/shared/ui/form-fields/time-of-day-input';
import { TIME_INVALID, WAIT_TIME_INVALID, type EditorAction, type EditorPoint } from '../editor-state';
import { salesEfficiency } from '../sales-efficiency';
import { formatWaitTime, parseWaitTime, roundHours } from '../wait-time';
import { PointAlternatives } from './point-alternatives';
import { PointB2bCustomers } from './point-b2b-customers';

/** The route-points editor's address input waits 500 ms after typing (§9), longer than the maps' 250 ms. */
export const EDITOR_ADDRESS_DEBOUNCE_MS = 500;

interface Props {
  slug: string;
  point: EditorPoint;
  number: number;
  minimumEfficientSalesCount: number;
  canEdit: boolean;
  search: (text: string) => Promise<AddressResult[]>;
  dispatch: (action: EditorAction) => void;
}

export function PointRow({ slug, point, number, minimumEfficientSalesCount, canEdit, search, dispatch }: Props) {
  const change = (changes: Partial<EditorPoint>) => dispatch({ type: 'point', key: point.key, changes });
  // The wait time is typed as hh:mm: the text stays as typed (half-typed too) while it belongs to the point's
  // value; a change from elsewhere (the bulk wait time) shows the new value.
  const [wait, setWait] = useState({ text: formatWaitTime(point.wait_time), forValue: point.wait_time });
  const shownWait = wait.forValue === point.wait_time ? wait.text : formatWaitTime(point.wait_time);
  const arrivalInvalid = !isTimeOfDayOrBlank(point.arrival_time);
  const waitErrorId = `wait-time-error-${point.key}`;
  const arrivalErrorId = `arrival-time-error-${point.key}`;
  const efficiency = salesEfficiency(point.sales_count, minimumEfficientSalesCount);
  return (
    <tr data-testid="route-point-row" data-point-key={point.key}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select point ${number}`}
          checked={point.checked}
          onChange={(event) => dispatch({ type: 'check', key: point.key, checked: event.target.checked })}
        />
      </td>
      <td className="route-points__number">{number}</td>
      <td>
        <PointB2bCustomers
          pointId={point.id}
          customers={point.b2b_customers}
          canEdit={canEdit}
          onChange={({ b2b_customers, version }) =>
            dispatch({ type: 'b2b', key: point.key, customers: b2b_customers, version })
          }
        />
      </td>
      <td className="route-points__address">
        <AddressSearch
          search={search}
          cacheScope={slug}
          label={`Address of point ${number}`}
          placeholder="Address"
          noResultsText="No results found"
          failedText="Address search failed"
          initialValue={point.address}
          debounceMs={EDITOR_ADDRESS_DEBOUNCE_MS}
          onTextChange={(address) => change({ address })}
          onPick={(result) => change({ address: result.place_name, lng: result.center[0], lat: result.center[1] })}
        />
        {point.use_custom_address ? <span className="tag">custom address</span> : null}
      </td>
      <td className="route-points__custom">
        <input
          className="field__input"
          aria-label={`Custom address of point ${number}`}
          value={point.custom_address}
          readOnly={!canEdit}
          onChange={(event) => change({ custom_address: event.target.value })}
        />
        <label className="route-points__inline">
          <input
            type="checkbox"
            checked={point.use_custom_address}
            disabled={!canEdit}
            onChange={(event) => change({ use_custom_address: event.target.checked })}
          />{' '}
          Use
        </label>
      </td>
      <td>
        <input
          className="field__input route-points__time"
          aria-label={`Wait time of point ${number}`}
          value={shownWait}
          readOnly={!canEdit}
          placeholder="hh:mm"
          inputMode="numeric"
          aria-invalid={point.wait_time_invalid || undefined}
          aria-describedby={point.wait_time_invalid ? waitErrorId : undefined}
          onChange={(event) => {
            const text = event.target.value;
            const hours = parseWaitTime(text);
            const value = hours === null ? point.wait_time : roundHours(hours);
            const invalid = hours === null && text.trim() !== '';
            setWait({ text, forValue: value });
            if (value !== point.wait_time || invalid !== point.wait_time_invalid)
              change({ wait_time: value, wait_time_invalid: invalid });
          }}
          // A wait time that is no hh:mm stays as typed, marked, so the person sees what Save refuses.
          onBlur={() => {
            if (!point.wait_time_invalid) setWait({ text: formatWaitTime(point.wait_time), forValue: point.wait_time });
          }}
        />
        {point.wait_time_invalid ? (
          <span id={waitErrorId} className="field__error">
            {WAIT_TIME_INVALID}
          </span>
        ) : null}
      </td>
      <td>
        <TimeOfDayInput
          className="field__input route-points__time"
          aria-label={`Arrival time of point ${number}`}
          value={point.arrival_time}
          readOnly={!canEdit}
          aria-invalid={arrivalInvalid || undefined}
          aria-describedby={arrivalInvalid ? arrivalErrorId : undefined}
          onChange={(arrival_time) => change({ arrival_time })}
        />
        {arrivalInvalid ? (
          <span id={arrivalErrorId} className="field__error">
            {TIME_INVALID}
          </span>
        ) : null}
      </td>
      <td>
        <span
          className={`sales sales--${efficiency}`}
          data-efficiency={efficiency}
          aria-label={`Sales ${point.sales_count}`}
        >
          {point.sales_count}
        </span>
      </td>
      <td>
        <PointAlternatives slug={slug} pointId={point.id} activeCustomers={point.active_customers_count} />
      </td>
      <td className="route-points__comment">
        <input
          className="field__input"
          aria-label={`Comment of point ${number}`}
          value={point.private_comment}
          readOnly={!canEdit}
          onChange={(event) => change({ private_comment: event.target.value })}
        />
      </td>
      <td>
        {canEdit ? (
          <button
            type="button"
            className="link-button"
            aria-label={`Delete point ${number}`}
            onClick={() => dispatch({ type: 'remove', key: point.key })}
          >
            Delete
          </button>
        ) : null}
      </td>
    </tr>
  );
}

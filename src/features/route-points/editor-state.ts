import type { B2bCustomerOnPoint, EditorRoute, RoutePointsData } from './api/route-points-data';
import type { PointToSave, RouteFieldsToSave } from './api/save-route-points';
import { isTimeOfDayOrBlank } from '@/shared/dates/time-of-day';
import { durationHours, lastStopFromDuration } from './route-duration';

/** A row of the editor: a saved point (id) or a new one (only a key). `checked` lives only here. */
export interface EditorPoint {
  key: string;
  id?: number;
  address: string;
  custom_address: string;
  use_custom_address: boolean;
  lat: number | null;
  lng: number | null;
  wait_time: number | null;
  /** The wait time typed is no hh:mm (`abc`, `25:99`): wait_time keeps the last good value, Save refuses. */
  wait_time_invalid: boolean;
  /** HH:mm as typed (TimeOfDayInput); Save refuses text that is no time of day. */
  arrival_time: string;
  private_comment: string;
  sales_count: number;
  google_estimate_time: string | null;
  b2b_customers: B2bCustomerOnPoint[];
  active_customers_count: number;
  checked: boolean;
}

export type DurationMode = 'duration' | 'last_stop';

export interface EditorFields {
  administration_time: string;
  eod_administration_time: string;
  first_stop_arrival_time: string;
  last_stop_arrival_time: string;
  route_duration: string;
  duration_mode: DurationMode;
  start_address: string;
  end_address: string;
  start_lat: number | null;
  start_lng: number | null;
  end_lat: number | null;
  end_lng: number | null;
}

export interface EditorState {
  version: number;
  fields: EditorFields;
  points: EditorPoint[];
  /** Saved points the person removed: they get deleted_at on save. */
  deletedIds: number[];
  dirty: boolean;
}

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : '');
const numberText = (value: number | null) => (value === null ? '' : String(value));

let nextKey = 1;
export const newPointKey = () => `new-${nextKey++}`;

export function emptyPoint(): EditorPoint {
  return {
    key: newPointKey(),
    address: '',
    custom_address: '',
    use_custom_address: false,
    lat: null,
    lng: null,
    wait_time: 2,
    wait_time_invalid: false,
    arrival_time: '',
    private_comment: '',
    sales_count: 0,
    google_estimate_time: null,
    b2b_customers: [],
    active_customers_count: 0,
    checked: false,
  };
}

export function fieldsOf(route: EditorRoute): EditorFields {
  return {
    administration_time: numberText(route.administration_time),
    eod_administration_time: numberText(route.eod_administration_time),
    first_stop_arrival_time: hhmm(route.first_stop_arrival_time),
    last_stop_arrival_time: hhmm(route.last_stop_arrival_time),
    route_duration: numberText(route.route_duration),
    duration_mode: 'duration',
    start_address: route.start_address ?? '',
    end_address: route.end_address ?? '',
    start_lat: route.start_lat,
    start_lng: route.start_lng,
    end_lat: route.end_lat,
    end_lng: route.end_lng,
  };
}

export function stateOf(data: RoutePointsData): EditorState {
  return {
    version: data.route.version,
    fields: fieldsOf(data.route),
    points: data.points.map((point) => ({
      key: `point-${point.id}`,
      id: point.id,
      address: point.address ?? '',
      custom_address: point.custom_address ?? '',
      use_custom_address: point.use_custom_address,
      lat: point.lat,
      lng: point.lng,
      wait_time: point.wait_time,
      wait_time_invalid: false,
      arrival_time: hhmm(point.arrival_time),
      private_comment: point.private_comment ?? '',
      sales_count: point.sales_count,
      google_estimate_time: point.google_estimate_time,
      b2b_customers: point.b2b_customers,
      active_customers_count: point.active_customers_count,
      checked: false,
    })),
    deletedIds: [],
    dirty: false,
  };
}

export type EditorAction =
  | { type: 'reset'; data: RoutePointsData }
  | { type: 'field'; name: keyof EditorFields; value: string }
  | { type: 'address'; which: 'start' | 'end'; address: string; lat: number | null; lng: number | null }
  | { type: 'point'; key: string; changes: Partial<EditorPoint> }
  | { type: 'add'; point: Partial<EditorPoint> }
  | { type: 'remove'; key: string }
  | { type: 'check'; key: string; checked: boolean }
  | { type: 'check-all'; checked: boolean }
  | { type: 'bulk-wait'; hours: number }
  | { type: 'move-within'; position: number }
  | { type: 'b2b'; key: string; customers: B2bCustomerOnPoint[]; version: number }
  | { type: 'estimates'; arrivals: Record<string, string> };

/** The duration or the last stop follows the other, by the toggle: the one not being typed is computed. */
function withDuration(fields: EditorFields): EditorFields {
  if (fields.duration_mode === 'last_stop') {
    const hours = durationHours(fields.first_stop_arrival_time || null, fields.last_stop_arrival_time || null);
    return { ...fields, route_duration: hours === null ? fields.route_duration : String(hours) };
  }
  const hours = fields.route_duration === '' ? null : Number(fields.route_duration);
  const last = lastStopFromDuration(fields.first_stop_arrival_time || null, hours);
  return { ...fields, last_stop_arrival_time: last ?? fields.last_stop_arrival_time };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const changed = (next: Partial<EditorState>): EditorState => ({ ...state, ...next, dirty: true });
  switch (action.type) {
    case 'reset':
      return stateOf(action.data);
    case 'field': {
      if (action.name === 'duration_mode')
        return { ...state, fields: { ...state.fields, duration_mode: action.value as DurationMode } };
      return changed({ fields: withDuration({ ...state.fields, [action.name]: action.value }) });
    }
    case 'address':
      return changed({
        fields: {
          ...state.fields,
          [`${action.which}_address`]: action.address,
          [`${action.which}_lat`]: action.lat,
          [`${action.which}_lng`]: action.lng,
        },
      });
    case 'point':
      return changed({
        points: state.points.map((point) => (point.key === action.key ? { ...point, ...action.changes } : point)),
      });
    case 'add':
      return changed({ points: [...state.points, { ...emptyPoint(), ...action.point }] });
    case 'remove': {
      const removed = state.points.find((point) => point.key === action.key);
      return changed({
        points: state.points.filter((point) => point.key !== action.key),
        deletedIds: removed?.id ? [...state.deletedIds, removed.id] : state.deletedIds,
      });
    }
    case 'check':
      return {
        ...state,
        points: state.points.map((point) => (point.key === action.key ? { ...point, checked: action.checked } : point)),
      };
    case 'check-all':
      return { ...state, points: state.points.map((point) => ({ ...point, checked: action.checked })) };
    case 'bulk-wait':
      return changed({
        points: state.points.map((point) =>
          point.checked ? { ...point, wait_time: action.hours, wait_time_invalid: false } : point,
        ),
      });
    case 'move-within': {
      // The checked points, in their order, go to the given place (1-based) among the rest.
      const moving = state.points.filter((point) => point.checked);
      const staying = state.points.filter((point) => !point.checked);
      const at = Math.min(Math.max(action.position - 1, 0), staying.length);
      return changed({
        points: [
          ...staying.slice(0, at),
          ...moving.map((point) => ({ ...point, checked: false })),
          ...staying.slice(at),
        ],
      });
    }
    case 'b2b':
      // Saved at once on the server: not an unsaved change. The route's version moved on by this change alone
      // only when it is exactly one ahead; otherwise someone else saved in between, and this editor's next save
      // must still meet their version (the conflict warning), not silently overwrite it.
      return {
        ...state,
        version: action.version === state.version + 1 ? action.version : state.version,
        points: state.points.map((point) =>
          point.key === action.key ? { ...point, b2b_customers: action.customers } : point,
        ),
      };
    case 'estimates':
      return changed({
        points: state.points.map((point) =>
          action.arrivals[point.key] ? { ...point, arrival_time: action.arrivals[point.key]! } : point,
        ),
      });
  }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const hoursOrNull = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** Under a wait time that is no hh:mm. */
export const WAIT_TIME_INVALID = 'Wait time is invalid (hh:mm)';
/** Under a time of day that is no HH:mm. */
export const TIME_INVALID = 'Time is invalid (HH:mm)';
/** The flash of a Save refused for the fields marked above. */
export const ROUTE_NOT_SAVED = 'Route not saved: correct the marked fields';

/** Whether a typed value Save cannot take is on screen (each is marked under its field). */
export function hasInvalidInput(state: EditorState): boolean {
  const { first_stop_arrival_time, last_stop_arrival_time } = state.fields;
  return (
    !isTimeOfDayOrBlank(first_stop_arrival_time) ||
    !isTimeOfDayOrBlank(last_stop_arrival_time) ||
    state.points.some((point) => point.wait_time_invalid || !isTimeOfDayOrBlank(point.arrival_time))
  );
}

/** Whether Save has anything to do: the spec saves only when some point has an address. */
export function hasAddressedPoint(state: EditorState): boolean {
  return state.points.some((point) => point.address.trim() !== '');
}

export function routeFieldsToSave(fields: EditorFields): RouteFieldsToSave {
  return {
    administration_time: hoursOrNull(fields.administration_time),
    eod_administration_time: hoursOrNull(fields.eod_administration_time),
    first_stop_arrival_time: orNull(fields.first_stop_arrival_time),
    last_stop_arrival_time: orNull(fields.last_stop_arrival_time),
    route_duration: hoursOrNull(fields.route_duration),
    start_address: orNull(fields.start_address),
    end_address: orNull(fields.end_address),
    start_lat: fields.start_address.trim() ? fields.start_lat : null,
    start_lng: fields.start_address.trim() ? fields.start_lng : null,
    end_lat: fields.end_address.trim() ? fields.end_lat : null,
    end_lng: fields.end_address.trim() ? fields.end_lng : null,
  };
}

/** The list save_route_points takes: live points in order (blank new rows left out), then the deleted ones. */
export function pointsToSave(state: EditorState): PointToSave[] {
  const live = state.points
    .filter((point) => point.id !== undefined || point.address.trim() !== '')
    .map((point) => ({
      id: point.id,
      address: orNull(point.address),
      custom_address: orNull(point.custom_address),
      use_custom_address: point.use_custom_address,
      lat: point.lat,
      lng: point.lng,
      wait_time: point.wait_time,
      arrival_time: orNull(point.arrival_time),
      private_comment: orNull(point.private_comment),
    }));
  return [
    ...live,
    ...state.deletedIds.map((id) => ({
      id,
      deleted: true,
      address: null,
      custom_address: null,
      use_custom_address: false,
      lat: null,
      lng: null,
      wait_time: null,
      arrival_time: null,
      private_comment: null,
    })),
  ];
}

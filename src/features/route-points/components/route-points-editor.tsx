import { lazy, Suspense, useCallback, useMemo, useReducer, useState, type ReactNode } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import type { DateRange } from '@/shared/dates/calendar-date';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { LngLat, MapViewState } from '@/shared/map/geometry';
import { moveRoutePoints } from '../api/move-route-points';
import { addressAt } from '../api/route-map';
import type { RoutePointsData } from '../api/route-points-data';
import { isVersionConflict, saveRoutePoints } from '../api/save-route-points';
import { searchRouteAddress } from '../api/search-address';
import {
  type EditorPoint,
  editorReducer,
  hasAddressedPoint,
  hasInvalidInput,
  ROUTE_NOT_SAVED,
  pointsToSave,
  routeFieldsToSave,
  stateOf,
} from '../editor-state';
import { ETA_NEEDS_ARRIVAL_TIME, estimateArrivals, etaFailedText } from '../estimate-arrivals';
import { etaFailureStatus } from '../eta-failure';
import { printableRows } from '../print/printable-points';
import { RouteTablePrint } from '../print/route-table-print';
import { useRoutePresence } from '../use-route-presence';
import { useUnsavedChangesGuard } from '../use-unsaved-changes-guard';
import { CustomAddressesModal } from './custom-addresses-modal';
import { MoveBar } from './move-bar';
import { RoutePointsTable } from './route-points-table';
import { RouteTimeFields } from './route-time-fields';
import './route-points.css';

// The print map and the map view bring the map engine: a chunk of its own, loaded when one is opened.
const RouteMapPrint = lazy(() => import('../print/route-map-print'));
const RouteMapPanel = lazy(() => import('../map/route-map-panel'));

/** The spec's geocoding text for an empty answer (here: no address known where a stop was dropped). */
export const NO_ADDRESS_TEXT = 'No results found';

export const CONFLICT_TEXT =
  'This route was saved by someone else after you opened it. CANCEL loads their version; your changes here are kept until you do.';

interface Props {
  slug: string;
  depoId: number;
  routeId: number;
  data: RoutePointsData;
  period: DateRange;
  onPeriodChange: (period: DateRange) => void;
  /** Reloads the points from the server (CANCEL, after a move, after another person's save). */
  reload: () => Promise<RoutePointsData | undefined>;
  me: { user_id: string; email: string };
  detourFactor: number;
  /** The tenant's route estimator: 'mapbox' asks its directions provider through the route-eta function. */
  routeEstimator: 'local' | 'mapbox';
  /** The tenant's FAST MAP flag (has_fast_map) and where its maps open. */
  hasFastMap: boolean;
  mapView: MapViewState;
  back: ReactNode;
}

export function RoutePointsEditor({
  slug,
  depoId,
  routeId,
  data,
  period,
  onPeriodChange,
  reload,
  me,
  detourFactor,
  routeEstimator,
  hasFastMap,
  mapView,
  back,
}: Props) {
  const [state, dispatch] = useReducer(editorReducer, data, stateOf);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  const [customOpen, setCustomOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  /** Print preview mode hides the form (its state stays, so nothing typed is lost). */
  const [preview, setPreview] = useState<'none' | 'table' | 'map'>('none');
  const [mapOpen, setMapOpen] = useState(false);
  // A version someone else saved; no longer shown once this editor holds it (its own B2B change can be announced
  // before its answer arrives).
  const [newerVersion, setNewerVersion] = useState<number | null>(null);
  const [approved, setApproved] = useState(data.route.should_approve === 'approved');
  const lock = useSubmitLock();
  const canEdit = data.can_edit;
  const route = data.route;
  useUnsavedChangesGuard(state.dirty);

  const search = useCallback((text: string) => searchRouteAddress(slug, text), [slug]);

  const show = useCallback((next: RoutePointsData) => {
    dispatch({ type: 'reset', data: next });
    setApproved(next.route.should_approve === 'approved');
    setNewerVersion(null);
    // Rows with address boxes start again from the loaded text.
    setGeneration((n) => n + 1);
  }, []);

  const reloadAndShow = useCallback(async () => {
    const next = await reload();
    if (next) show(next);
  }, [reload, show]);

  const dirty = state.dirty;
  const onSavedElsewhere = useCallback(
    (version: number) => {
      if (version <= state.version) return;
      // Someone else saved: show it at once unless this person has edits of their own, which must not vanish.
      if (dirty) setNewerVersion(version);
      else void reloadAndShow();
    },
    [dirty, state.version, reloadAndShow],
  );
  const others = useRoutePresence(depoId, routeId, me, onSavedElsewhere);

  const save = async (approve = false) => {
    if (!hasAddressedPoint(state)) return;
    // A typed value the route cannot keep is refused where it is, never dropped behind a "Route saved".
    if (hasInvalidInput(state)) {
      showFlash(ROUTE_NOT_SAVED, 'alert');
      document.querySelector<HTMLElement>('.route-points [aria-invalid="true"]')?.focus();
      return;
    }
    if (!lock.acquire()) return;
    setBusy(true);
    try {
      const saved = await saveRoutePoints({
        routeId,
        version: state.version,
        route: routeFieldsToSave(state.fields),
        points: pointsToSave(state),
        approve,
      });
      show({ ...saved, unplanned_sales: data.unplanned_sales });
      if (approve) showFlash('Route successfully approved!');
      else showFlash('Route saved');
    } catch (failure) {
      if (isVersionConflict(failure)) {
        setNewerVersion(state.version + 1);
        showFlash(CONFLICT_TEXT, 'alert');
      } else flashRequestError(failure);
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  const move = async (targetRouteId: number, keepPoints: boolean) => {
    const pointIds = state.points.filter((point) => point.checked && point.id !== undefined).map((point) => point.id!);
    if (pointIds.length === 0 || !lock.acquire()) return;
    setBusy(true);
    try {
      await moveRoutePoints({ routeId, version: state.version, pointIds, targetRouteId, keepPoints });
      showFlash('Selected route points moved');
      await reloadAndShow();
    } catch (failure) {
      if (isVersionConflict(failure)) showFlash(CONFLICT_TEXT, 'alert');
      else flashRequestError(failure);
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  const estimate = async () => {
    if (!state.fields.first_stop_arrival_time) {
      showFlash(ETA_NEEDS_ARRIVAL_TIME, 'alert');
      return;
    }
    try {
      const source = { estimator: routeEstimator, detourFactor, tenantSlug: slug, routeId };
      dispatch({
        type: 'estimates',
        arrivals: await estimateArrivals(state.points, state.fields.first_stop_arrival_time, source),
      });
    } catch (failure) {
      showFlash(etaFailedText(etaFailureStatus(failure)), 'alert');
    }
  };

  // A stop dragged on the map: it moves at once (an unsaved change), and takes the address found there.
  const moveStop = useCallback(
    async (key: string, [lng, lat]: LngLat) => {
      dispatch({ type: 'point', key, changes: { lng, lat } });
      try {
        const address = await addressAt(slug, lng, lat);
        if (address === null) {
          showFlash(NO_ADDRESS_TEXT, 'alert');
          return;
        }
        dispatch({ type: 'point', key, changes: { address } });
        // The address boxes start again from the state, so the dragged stop's box shows its new address.
        setGeneration((n) => n + 1);
      } catch (failure) {
        flashRequestError(failure);
      }
    },
    [slug],
  );

  const printRows = useMemo(() => printableRows(state.points), [state.points]);
  const printStops = useMemo(() => mapStops(state.points), [state.points]);
  const checkedCount = useMemo(() => state.points.filter((point) => point.checked).length, [state.points]);
  const hasCustomAddress = state.fields.start_address.trim() !== '' || state.fields.end_address.trim() !== '';

  return (
    <>
      <section
        className="route-points"
        data-route-version={state.version}
        data-dirty={state.dirty}
        hidden={preview !== 'none'}
      >
        <header className="route-points__header">
          {back}
          <h1>
            {route.name} {hasCustomAddress ? <span className="tag">custom depo address</span> : null}
            {approved ? <span className="tag tag--ok">approved</span> : null}
          </h1>
          {others.length > 0 ? (
            <p className="route-points__presence" data-testid="route-editors" aria-live="polite">
              Also editing: {others.join(', ')}
            </p>
          ) : null}
          <button type="button" className="button" aria-pressed={mapOpen} onClick={() => setMapOpen(!mapOpen)}>
            Map view
          </button>
          <div className="route-points__menu">
            <button
              type="button"
              className="button"
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              Menu
            </button>
            {menuOpen ? (
              <ul role="menu" className="route-points__menu-list">
                {canEdit && !approved ? (
                  <li role="none">
                    <button
                      type="button"
                      role="menuitem"
                      onClick={() => {
                        setMenuOpen(false);
                        void save(true);
                      }}
                    >
                      Approve
                    </button>
                  </li>
                ) : null}
                {canEdit ? (
                  <li role="none">
                    <button
                      type="button"
                      role="menuitem"
                      onClick={() => {
                        setMenuOpen(false);
                        setCustomOpen(true);
                      }}
                    >
                      Custom start/end address
                    </button>
                  </li>
                ) : null}
                <li role="none">
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setMenuOpen(false);
                      void estimate();
                    }}
                  >
                    Calculate ETA
                  </button>
                </li>
                <li role="none">
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setMenuOpen(false);
                      setPreview('map');
                    }}
                  >
                    Print map
                  </button>
                </li>
                <li role="none">
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setMenuOpen(false);
                      setPreview('table');
                    }}
                  >
                    Print route points
                  </button>
                </li>
              </ul>
            ) : null}
          </div>
        </header>
        {newerVersion !== null && newerVersion > state.version ? (
          <p className="route-points__conflict" role="alert">
            {CONFLICT_TEXT}
          </p>
        ) : null}
        {mapOpen ? (
          <Suspense fallback={<p role="status">Loading the map…</p>}>
            <RouteMapPanel
              slug={slug}
              routeId={routeId}
              points={state.points}
              canEdit={canEdit}
              hasFastMap={hasFastMap}
              initialView={mapView}
              onMoveStop={(key, at) => void moveStop(key, at)}
            />
          </Suspense>
        ) : null}
        <DateRangeInput value={period} onChange={onPeriodChange} />
        <RouteTimeFields fields={state.fields} dispatch={dispatch} readOnly={!canEdit} />
        {checkedCount > 0 && canEdit ? (
          <MoveBar
            slug={slug}
            depoId={depoId}
            routeId={routeId}
            checkedCount={checkedCount}
            pointCount={state.points.length}
            dirty={state.dirty}
            moving={busy}
            onBulkWait={(hours) => dispatch({ type: 'bulk-wait', hours })}
            onMoveWithin={(position) => dispatch({ type: 'move-within', position })}
            onMove={(target, keep) => void move(target, keep)}
          />
        ) : null}
        <RoutePointsTable
          key={generation}
          slug={slug}
          points={state.points}
          minimumEfficientSalesCount={route.minimum_efficient_sales_count}
          canEdit={canEdit}
          search={search}
          dispatch={dispatch}
        />
        {data.unplanned_sales.length > 0 ? (
          <details className="route-points__unplanned">
            <summary>Unplanned sales ({data.unplanned_sales.length})</summary>
            <ul>
              {data.unplanned_sales.map((sale) => (
                <li key={sale.id}>
                  {sale.date} {sale.address ?? ''}
                  {canEdit && sale.address ? (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() =>
                        dispatch({ type: 'add', point: { address: sale.address ?? '', lat: sale.lat, lng: sale.lng } })
                      }
                    >
                      Add to route
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {canEdit ? (
          <div className="route-points__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void save()}
            >
              Save
            </button>
            <SecondaryButton onClick={() => void reloadAndShow()}>CANCEL</SecondaryButton>
          </div>
        ) : null}
        {customOpen ? (
          <CustomAddressesModal
            slug={slug}
            fields={state.fields}
            search={search}
            onClose={() => setCustomOpen(false)}
            onSave={(start, end) => {
              dispatch({ type: 'address', which: 'start', ...start });
              dispatch({ type: 'address', which: 'end', ...end });
              setCustomOpen(false);
            }}
          />
        ) : null}
      </section>
      {preview === 'table' ? (
        <RouteTablePrint routeName={route.name} rows={printRows} onClose={() => setPreview('none')} />
      ) : null}
      {preview === 'map' ? (
        <Suspense fallback={<p role="status">Loading the map…</p>}>
          <RouteMapPrint routeName={route.name} stops={printStops} onClose={() => setPreview('none')} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The located points in their order, numbered as printed. */
function mapStops(points: EditorPoint[]) {
  return printableRows(points)
    .map((row) => ({ row, point: points.find((point) => point.key === row.key)! }))
    .filter(({ point }) => point.lat !== null && point.lng !== null)
    .map(({ row, point }) => ({ index: row.index, lat: point.lat!, lng: point.lng! }));
}

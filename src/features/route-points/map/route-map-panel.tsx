// The route map view (loaded with React.lazy: the map engine is a chunk of its own): the route's stops
// numbered by position, DRAG ON/OFF to move them, the customers around the route coloured by where they
// belong, FAST MAP for the tenants that have it, the routes sharing selected customers, their phone list,
// and moving them to a stop (delivery-operations, Map view).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MapView, PointsLayer, pointsLayerIds, useMapHandle, type LngLat, type MapViewState } from '@/shared/map';
import { queryKeys } from '@/shared/query/query-keys';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { customersInBox, similarRoutesOf, updateMultipleCustomers, type MapBox } from '../api/route-map';
import type { EditorPoint } from '../editor-state';
import { customerPlaceText } from './customer-colours';
import { MapInfoDialog } from './map-info-dialog';
import { customerFeatures, otherRouteFeatures, stopFeatures } from './map-features';
import { PhoneListModal } from './phone-list-modal';
import { SelectedRoutesSelect } from './selected-routes-select';
import { StopDragging } from './stop-dragging';
import { UpdateCustomers } from './update-customers';
import { ViewBoxWatcher } from './view-box-watcher';
import './route-map.css';
import { toggledIn } from '@/shared/collections/toggled-in';

interface Props {
  slug: string;
  routeId: number;
  points: EditorPoint[];
  canEdit: boolean;
  /** The tenant's has_fast_map flag. */
  hasFastMap: boolean;
  /** Where the map opens before it fits the stops (the tenant's region). */
  initialView: MapViewState;
  /** A stop let go at a new place (DRAG ON). */
  onMoveStop: (key: string, at: LngLat) => void;
}

const STOPS = 'route-map-stops';
/** delivery-operations §9: the map fits the route points with padding 50; a single stop at zoom 15. */
const FIT = { padding: 50, maxZoom: 15 };

export default function RouteMapPanel({ slug, routeId, points, canEdit, hasFastMap, initialView, onMoveStop }: Props) {
  const queryClient = useQueryClient();
  const [drag, setDrag] = useState(false);
  const [customerView, setCustomerView] = useState(false);
  const [fastMap, setFastMap] = useState(false);
  const [box, setBox] = useState<MapBox | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [chosenRoutes, setChosenRoutes] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<'none' | 'info' | 'phones'>('none');
  const [dragged, setDragged] = useState<{ key: string; at: LngLat } | null>(null);

  const shownPoints = useMemo(
    () =>
      dragged
        ? points.map((point) =>
            point.key === dragged.key ? { ...point, lng: dragged.at[0], lat: dragged.at[1] } : point,
          )
        : points,
    [points, dragged],
  );
  const stops = useMemo(() => stopFeatures(shownPoints, !fastMap), [shownPoints, fastMap]);

  const customerIds = useMemo(() => [...selected].sort((a, b) => a - b), [selected]);
  const customers = useQuery({
    queryKey: queryKeys.tenant(slug).resource('route_map_customers').list({ routeId, box }),
    queryFn: () => customersInBox(routeId, box!),
    enabled: customerView && box !== null,
    placeholderData: keepPreviousData,
  });
  const similar = useQuery({
    queryKey: queryKeys.tenant(slug).resource('route_map_similar_routes').list({ routeId, customerIds }),
    queryFn: () => similarRoutesOf(routeId, customerIds),
    enabled: customerIds.length > 0,
  });
  useFlashOnError(customers.error);

  const customerData = useMemo(
    () => customerFeatures(customerView ? (customers.data ?? []) : [], selected),
    [customerView, customers.data, selected],
  );
  const similarRoutes = useMemo(
    () => (customerIds.length > 0 ? (similar.data ?? []) : []),
    [customerIds, similar.data],
  );
  const otherStops = useMemo(
    () => otherRouteFeatures(similarRoutes.filter((route) => chosenRoutes.has(route.id))),
    [similarRoutes, chosenRoutes],
  );

  const toggleCustomer = useCallback((customerId: number) => {
    setSelected((current) => toggledIn(current, customerId));
  }, []);

  const update = useMutation({
    mutationFn: (routePointId: number) => updateMultipleCustomers(routePointId, customerIds),
    onSuccess: async (count, routePointId) => {
      const stop = points.find((point) => point.id === routePointId);
      const number = stops.features.find((feature) => feature.properties.key === stop?.key)?.properties.number;
      showFlash(`${count} ${count === 1 ? 'customer' : 'customers'} moved to stop ${number ?? ''}`.trim());
      await queryClient.invalidateQueries({ queryKey: queryKeys.tenant(slug).resource('route_map_customers').all });
      await queryClient.invalidateQueries({
        queryKey: queryKeys.tenant(slug).resource('route_map_similar_routes').all,
      });
    },
    onError: (failure) => flashRequestError(failure),
  });

  const savedStops = useMemo(
    () =>
      stops.features.flatMap((feature) => {
        const id = points.find((point) => point.key === feature.properties.key)?.id;
        return id === undefined ? [] : [{ id, number: feature.properties.number, address: feature.properties.address }];
      }),
    [stops, points],
  );

  const onDrag = useCallback((key: string, at: LngLat) => setDragged({ key, at }), []);
  const onDrop = useCallback(
    (key: string, at: LngLat) => {
      setDragged(null);
      onMoveStop(key, at);
    },
    [onMoveStop],
  );
  const followBox = useCallback((next: MapBox) => setBox(next), []);
  const noSelection = customerIds.length === 0;

  return (
    <section className="route-map" aria-label="Map view">
      <div className="route-map__controls">
        {canEdit ? (
          <button
            type="button"
            className={`button${drag ? ' button--primary' : ''}`}
            aria-pressed={drag}
            onClick={() => setDrag(!drag)}
          >
            {drag ? 'DRAG ON' : 'DRAG OFF'}
          </button>
        ) : null}
        <button
          type="button"
          className="button route-map__info-button"
          aria-label="Map controls info"
          onClick={() => setDialog('info')}
        >
          i
        </button>
        <label className="route-points__inline">
          <input type="checkbox" checked={customerView} onChange={(event) => setCustomerView(event.target.checked)} />{' '}
          Customer view
        </label>
        {hasFastMap ? (
          <label className="route-points__inline">
            <input type="checkbox" checked={fastMap} onChange={(event) => setFastMap(event.target.checked)} /> FAST MAP
          </label>
        ) : null}
        <SelectedRoutesSelect
          routes={similarRoutes}
          chosen={chosenRoutes}
          onChange={setChosenRoutes}
          disabled={noSelection}
        />
        <button type="button" className="button" disabled={noSelection} onClick={() => setDialog('phones')}>
          Phone list
        </button>
        {customerView ? (
          <span className="route-map__count" aria-live="polite">
            {customers.isFetching
              ? 'Loading customers…'
              : `${customers.data?.length ?? 0} customers, ${customerIds.length} selected`}
          </span>
        ) : null}
        {canEdit ? (
          <UpdateCustomers
            stops={savedStops}
            disabled={noSelection}
            busy={update.isPending}
            onUpdate={(id) => update.mutate(id)}
          />
        ) : null}
      </div>
      <div className="route-map__map">
        <MapView initialView={initialView} ariaLabel="Route map" maxZoom={16}>
          {customerView ? <ViewBoxWatcher followMoves={!fastMap} onBox={followBox} /> : null}
          <PointsLayer
            id="route-map-other-routes"
            data={otherStops}
            list={{
              label: 'Stops of the selected routes',
              itemText: (feature) => feature.properties.label ?? feature.properties.routeName,
            }}
          />
          <PointsLayer
            id="route-map-customers"
            data={customerData}
            paint={{
              'circle-radius': 6,
              'circle-color': ['get', 'colour'] as never,
              'circle-stroke-color': ['case', ['get', 'selected'], '#f08c00', '#ffffff'] as never,
              'circle-stroke-width': ['case', ['get', 'selected'], 4, 1.5] as never,
            }}
            onClick={(feature) => toggleCustomer(feature.properties.customerId)}
            list={{
              label: 'Customers on the map',
              itemText: (feature) =>
                `${feature.properties.address || 'No address'}, ${customerPlaceText[feature.properties.place]}`,
              itemData: (feature) => ({
                'data-colour': feature.properties.colour,
                'data-customer-id': String(feature.properties.customerId),
              }),
              itemPressed: (feature) => feature.properties.selected,
            }}
          />
          <PointsLayer
            id={STOPS}
            data={stops}
            list={{
              label: 'Stops on the map',
              itemText: (feature) => `${feature.properties.number}. ${feature.properties.address}`,
            }}
          />
          <FitStopsOnOpen points={stops.features.map((feature) => feature.geometry.coordinates as LngLat)} />
          <StopDragging
            layerId={pointsLayerIds(STOPS).circles}
            enabled={drag && canEdit}
            onDrag={onDrag}
            onDrop={onDrop}
          />
        </MapView>
      </div>
      {dialog === 'info' ? <MapInfoDialog fastMap={hasFastMap} onClose={() => setDialog('none')} /> : null}
      {dialog === 'phones' ? (
        <PhoneListModal slug={slug} routeId={routeId} customerIds={customerIds} onClose={() => setDialog('none')} />
      ) : null}
    </section>
  );
}

/**
 * Fits the stops once, when the map opens; later edits (a dragged stop) must not move the view under the
 * person. A child of the map, so the engine exists when it runs.
 */
function FitStopsOnOpen({ points }: { points: LngLat[] }) {
  const handle = useMapHandle();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    fitted.current = true;
    handle.fitBounds(points, { ...FIT, duration: 0 });
  }, [handle, points]);
  return null;
}

// The SMS customer map (spec §2 sms_customer_map), loaded lazily (the engine is a chunk of its own): the plan
// event's stops and its polygon, the customers as points; a click on a customer opens 'Selected customer phone'.
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useModalDialog } from '@/shared/hooks/use-modal-dialog';
import { Layer, Source } from '@/shared/map/engine';
import {
  MapView,
  PointsLayer,
  useMapHandle,
  type LngLat,
  type MapViewState,
  type PointStyleProperties,
} from '@/shared/map';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { SmsCustomer, SmsStop } from '../api/sms-customers-data';
import { convexHull } from '../convex-hull';
import { smsState, smsStateLabels } from '../sms-status';

/** Spec §9: the SMS map starts at 56.2639, 9.5018, zoom 8; the map fits its points with padding 50 (one at zoom 15). */
export const SMS_MAP_START: MapViewState = { latitude: 56.2639, longitude: 9.5018, zoom: 8 };
const FIT_PADDING = 50;
const SINGLE_POINT_ZOOM = 15;
const POLYGON_COLOUR = '#5c7cfa';

interface CustomerPoint extends PointStyleProperties {
  index: number;
}

export interface SmsCustomerMapProps {
  stops: SmsStop[];
  customers: SmsCustomer[];
}

export default function SmsCustomerMap({ stops, customers }: SmsCustomerMapProps) {
  const [selected, setSelected] = useState<SmsCustomer | null>(null);
  const located = useMemo(() => customers.filter((c) => c.lat !== null && c.lng !== null), [customers]);
  const stopPoints = useMemo(
    () => stops.filter((s) => s.lat !== null && s.lng !== null).map((s): LngLat => [s.lng as number, s.lat as number]),
    [stops],
  );
  const stopData = useMemo<FeatureCollection<Point, PointStyleProperties>>(
    () => ({
      type: 'FeatureCollection',
      features: stopPoints.map((coordinates, index) => ({
        type: 'Feature',
        properties: { variant: 'stop-visited', label: String(index + 1) },
        geometry: { type: 'Point', coordinates },
      })),
    }),
    [stopPoints],
  );
  const customerData = useMemo<FeatureCollection<Point, CustomerPoint>>(
    () => ({
      type: 'FeatureCollection',
      features: located.map((c, index) => ({
        type: 'Feature',
        properties: { index, variant: selected?.id === c.id ? 'selected' : 'stop' },
        geometry: { type: 'Point', coordinates: [c.lng as number, c.lat as number] },
      })),
    }),
    [located, selected],
  );
  const polygon = useMemo<FeatureCollection<Polygon>>(() => {
    const ring = convexHull(stopPoints);
    return {
      type: 'FeatureCollection',
      features: ring ? [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }] : [],
    };
  }, [stopPoints]);
  const fitPoints = useMemo(
    () => [...stopPoints, ...located.map((c): LngLat => [c.lng as number, c.lat as number])],
    [stopPoints, located],
  );
  const pick = (feature: Feature<Point, CustomerPoint>) => setSelected(located[feature.properties.index] ?? null);

  return (
    // data-polygon-points: the corners of the drawn outline, readable without the canvas.
    <div
      className="sms-customers__map-box"
      data-polygon-points={
        polygon.features[0]?.geometry.coordinates[0].length
          ? String(polygon.features[0].geometry.coordinates[0].length - 1)
          : '0'
      }
    >
      <MapView initialView={SMS_MAP_START} ariaLabel="Map of SMS customers" className="sms-customers__map">
        <Source id="sms-polygon" type="geojson" data={polygon}>
          <Layer id="sms-polygon-fill" type="fill" paint={{ 'fill-color': POLYGON_COLOUR, 'fill-opacity': 0.12 }} />
          <Layer id="sms-polygon-line" type="line" paint={{ 'line-color': POLYGON_COLOUR, 'line-width': 2 }} />
        </Source>
        <PointsLayer id="sms-stops" data={stopData} variant="stop-visited" />
        <PointsLayer
          id="sms-customers"
          data={customerData}
          onClick={pick}
          list={{
            label: 'SMS customers on the map',
            itemText: (feature) => located[feature.properties.index]?.phone_number ?? '',
            itemPressed: (feature) => located[feature.properties.index]?.id === selected?.id,
            itemData: (feature) => ({ 'data-variant': String(feature.properties.variant) }),
          }}
        />
        <FitOnOpen points={fitPoints} />
      </MapView>
      {selected && <SelectedCustomerModal customer={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

/** Once, when the map opens: the stops and customers in view. */
function FitOnOpen({ points }: { points: LngLat[] }) {
  const handle = useMapHandle();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    fitted.current = true;
    handle.fitBounds(points, { padding: FIT_PADDING, maxZoom: SINGLE_POINT_ZOOM, duration: 0 });
  }, [handle, points]);
  return null;
}

function SelectedCustomerModal({ customer, onClose }: { customer: SmsCustomer; onClose: () => void }) {
  const dialogRef = useModalDialog();
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog sms-customers__modal"
      aria-labelledby="selected-customer-title"
      onCancel={onClose}
    >
      <h2 id="selected-customer-title" className="confirm-dialog__title">
        Selected customer phone
      </h2>
      <p>
        <a href={`tel:${customer.phone_number}`}>{customer.phone_number}</a>
      </p>
      <p>{customer.address ?? customer.stop_address ?? ''}</p>
      <p>SMS: {smsStateLabels[smsState(customer)]}</p>
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Close</SecondaryButton>
      </div>
    </dialog>
  );
}

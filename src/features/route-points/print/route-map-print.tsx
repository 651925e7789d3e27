// The print map (loaded with React.lazy: the map engine is a chunk of its own). A grid of rows × columns pages,
// 840 × 1188 px each, showing its part of the route's extent at most at zoom 18; after printing the grid is
// 1 × 1 again (delivery-operations §4, §5, §9).
import { useCallback, useMemo, useState } from 'react';
import type { FeatureCollection, LineString, Point } from 'geojson';
import { MapView, PointsLayer, type LngLat, type PointStyleProperties } from '@/shared/map';
import { Layer, Source } from '@/shared/map/engine';
import { MapPageCapture } from './map-page-capture';
import {
  GRID_MAX,
  GRID_MIN,
  GRID_RANGE_TEXT,
  gridPageViews,
  isValidGrid,
  PRINT_MAX_ZOOM,
  PRINT_PAGE,
} from './print-grid';
import { PrintPreview } from './print-preview';
import { usePrintState } from './use-print-state';

export interface PrintMapStop {
  index: number;
  lng: number;
  lat: number;
}

interface Props {
  routeName: string;
  stops: PrintMapStop[];
  onClose: () => void;
}

const countOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

export default function RouteMapPrint({ routeName, stops, onClose }: Props) {
  const [rowsText, setRowsText] = useState('1');
  const [columnsText, setColumnsText] = useState('1');
  const rows = countOf(rowsText);
  const columns = countOf(columnsText);
  const valid = isValidGrid(rows, columns);

  const resetGrid = useCallback(() => {
    setRowsText('1');
    setColumnsText('1');
  }, []);
  const printing = usePrintState(resetGrid);

  const coordinates = useMemo(() => stops.map((stop): LngLat => [stop.lng, stop.lat]), [stops]);
  // The last valid grid stays drawn while a count is being retyped.
  const [grid, setGrid] = useState({ rows: 1, columns: 1 });
  if (valid && (grid.rows !== rows || grid.columns !== columns)) setGrid({ rows, columns });
  const views = useMemo(() => gridPageViews(coordinates, grid.rows, grid.columns), [coordinates, grid]);

  // Pictures belong to the views they were taken of: a new grid shows none until its own are taken.
  const [captured, setCaptured] = useState<{ views: typeof views; pages: string[] } | null>(null);
  const onCaptured = useCallback((pages: string[]) => setCaptured({ views, pages }), [views]);
  const pages = captured?.views === views ? captured.pages : [];
  const ready = pages.length === views.length && views.length > 0;

  const stopData = useMemo(
    (): FeatureCollection<Point, PointStyleProperties> => ({
      type: 'FeatureCollection',
      features: stops.map((stop) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [stop.lng, stop.lat] },
        properties: { label: String(stop.index) },
      })),
    }),
    [stops],
  );
  const line = useMemo(
    (): FeatureCollection<LineString> => ({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: {} }],
    }),
    [coordinates],
  );

  const controls = (
    <div className="print-grid">
      <label className="field">
        <span className="field__label">Rows</span>
        <input
          className="field__input"
          type="number"
          min={GRID_MIN}
          max={GRID_MAX}
          value={rowsText}
          onChange={(e) => setRowsText(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Columns</span>
        <input
          className="field__input"
          type="number"
          min={GRID_MIN}
          max={GRID_MAX}
          value={columnsText}
          onChange={(e) => setColumnsText(e.target.value)}
        />
      </label>
      {valid ? null : (
        <p className="print-grid__error" role="alert">
          {GRID_RANGE_TEXT}
        </p>
      )}
    </div>
  );

  return (
    <PrintPreview
      title="Print map"
      printState={printing.state}
      canPrint={valid && ready}
      onPrint={printing.print}
      onClose={onClose}
      controls={controls}
    >
      {/* The page size of the print map; only while it is shown, so other printouts keep theirs. */}
      <style>{`@page { size: ${PRINT_PAGE.width}px ${PRINT_PAGE.height}px; margin: 0; }`}</style>
      {stops.length === 0 ? <p>This route has no located points to show on a map.</p> : null}
      <div className="print-pages" aria-busy={!ready || undefined} data-testid="print-map-pages">
        {pages.map((src, i) => (
          <div className="print-page" key={i} data-testid="print-map-page">
            <img
              src={src}
              alt={`${routeName}: map page ${i + 1} of ${pages.length} (row ${views[i]!.row + 1}, column ${views[i]!.column + 1})`}
            />
          </div>
        ))}
      </div>
      {views.length > 0 ? (
        <div className="print-capture" aria-hidden="true">
          <MapView
            initialView={{ longitude: views[0]!.longitude, latitude: views[0]!.latitude, zoom: views[0]!.zoom }}
            ariaLabel="Map being laid out for printing"
            maxZoom={PRINT_MAX_ZOOM}
          >
            <Source id="print-route-line" type="geojson" data={line}>
              <Layer
                id="print-route-line"
                type="line"
                paint={{ 'line-color': '#1c7ed6', 'line-width': 3, 'line-opacity': 0.7 }}
              />
            </Source>
            <PointsLayer id="print-route-stops" data={stopData} />
            <MapPageCapture views={views} onCaptured={onCaptured} />
          </MapView>
        </div>
      ) : null}
    </PrintPreview>
  );
}

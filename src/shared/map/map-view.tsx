import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  AttributionControl,
  Map,
  NavigationControl,
  engineName,
  engineProps,
  type MapLayerMouseEvent,
  type MapRef,
} from '@/shared/map/engine';
import type { StyleSpecification } from 'maplibre-gl';
import type { LngLat, MapViewState } from './geometry';
import { createMapHandle, MapViewContext, type MapHandle } from './map-handle';
import { mapStyle } from './map-style';
import { baseMapColors, type MapCredit } from './offline-style';
import { mapPixelRatio, OPENING_PIXEL_RATIO, sharpenAfterRest } from './pixel-ratio';
import { installTextImages } from './text-images';
import { webglSupported } from './webgl-support';
import './map.css';

export interface MapViewProps {
  /** Where the map opens (see tenantMapDefaults); later changes do not move it (use the handle). */
  initialView: MapViewState;
  /** Its accessible name, e.g. 'Map of stops'. */
  ariaLabel: string;
  className?: string;
  children?: ReactNode;
  onClick?: (event: MapLayerMouseEvent) => void;
  /** Layers whose features arrive in onClick's event (PointsLayer handles its own clicks). */
  interactiveLayerIds?: string[];
  minZoom?: number;
  maxZoom?: number;
  /**
   * Fitted around these bounds when the map is made (no camera move after load, so no second layout of its
   * sources); initialView stays where it opens if they cannot fit, and is what recentre returns to.
   */
  initialBounds?: { bounds: [LngLat, LngLat]; padding?: number; maxZoom?: number };
  /** Another style than the configured one (the tracking page's base map cells); read once, like initialView. */
  style?: StyleSpecification | string;
  /**
   * Opens at pixel ratio 1 and sharpens to the screen's (at most 2) once the map has first rested: the first
   * complete picture sooner on a phone, a little soft until then (see pixel-ratio.ts). data-map-idle turns "true"
   * at that first rest, "false" while it sharpens and "true" again after. MapLibre only; read once.
   */
  progressive?: boolean;
  /**
   * Called once: when the map first rests with everything drawn, or when it has shown that it cannot draw (no
   * WebGL). What a page waits for before work that would slow the map's first picture.
   */
  onReady?: () => void;
  /**
   * The credits of the style's data when they are known up front (the offline base map's): drawn by the view
   * itself, instead of the engine's control, which reads them from the sources as they load and measures the page
   * to lay itself out (a forced layout among a phone's first map frames). Without it, the engine's control.
   */
  credits?: readonly MapCredit[];
}

/**
 * A map on the configured engine and style. Its container carries data-map-idle: "true" once the
 * engine fired `idle` after the last change, "false" while it moves or loads (tests wait for it).
 */
export const MapView = forwardRef<MapHandle, MapViewProps>(function MapView(props, ref) {
  const { initialView, ariaLabel, className, children, onClick, interactiveLayerIds, minZoom, maxZoom, credits } =
    props;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapRef | null>(null);
  const [webgl] = useState(webglSupported);
  const [style] = useState(() => props.style ?? mapStyle());
  // The ratio the map ends at. A progressive map opens below it: `sharpen` is null for the others, and holds the
  // cancel once the sharpening is scheduled (at the first idle).
  const [ratio] = useState(mapPixelRatio);
  const [openingRatio] = useState(() =>
    props.progressive && engineName === 'maplibre' && ratio > OPENING_PIXEL_RATIO ? OPENING_PIXEL_RATIO : ratio,
  );
  const sharpen = useRef<{ cancel?: () => void } | null>(openingRatio < ratio ? {} : null);
  useEffect(() => () => sharpen.current?.cancel?.(), []);
  // The first view only: a re-render with another object must not recreate the handle.
  const [firstView] = useState(initialView);
  const [openingView] = useState(() => {
    const fit = props.initialBounds;
    return fit
      ? { ...initialView, bounds: fit.bounds, fitBoundsOptions: { padding: fit.padding, maxZoom: fit.maxZoom } }
      : initialView;
  });

  // Things the view waits for besides the engine (base map cells on their way): idle only once they are in.
  const holds = useRef(0);
  const rested = useRef(false);
  // Read once, like initialView: the first rest happens once.
  const [onReady] = useState(() => props.onReady);
  const setIdle = useCallback(
    (idle: boolean) => {
      if (idle && holds.current > 0) return;
      containerRef.current?.setAttribute('data-map-idle', String(idle));
      if (idle && !rested.current) onReady?.();
      if (idle) rested.current = true;
      const map = mapRef.current?.getMap();
      if (idle && map && sharpen.current && !sharpen.current.cancel) {
        // Its resize is a camera event (onMoveStart): "false" until the sharper frame has rested too.
        sharpen.current.cancel = sharpenAfterRest(map, ratio);
      }
    },
    [ratio, onReady],
  );
  const markBusy = useCallback(() => {
    setIdle(false);
    // A map that has already drawn everything fires no more `idle` by itself: one more frame brings the next one
    // (a change that reached the engine as nothing, or a layer mounted after the map came to rest).
    const map = mapRef.current?.getMap();
    if (map?.loaded()) map.triggerRepaint();
  }, [setIdle]);
  const holdIdle = useCallback(() => {
    holds.current += 1;
    markBusy();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds.current -= 1;
      // The engine fires `idle` after its next frame when nothing else is pending.
      mapRef.current?.getMap().triggerRepaint();
    };
  }, [markBusy]);
  const handle = useMemo(() => createMapHandle(() => mapRef.current, firstView, markBusy), [firstView, markBusy]);
  useImperativeHandle(ref, () => handle, [handle]);
  const hasRested = useCallback(() => rested.current, []);
  const context = useMemo(() => ({ handle, markBusy, holdIdle, hasRested }), [handle, markBusy, holdIdle, hasRested]);

  const attachMap = useCallback(
    (instance: MapRef | null) => {
      if (instance && mapRef.current !== instance) {
        const map = instance.getMap();
        // Before the first tiles are laid out, so no label is drawn without its image.
        installTextImages(map);
        map.on('dataloading', markBusy);
      }
      mapRef.current = instance;
    },
    [markBusy],
  );

  useEffect(() => {
    if (!webgl) onReady?.();
  }, [webgl, onReady]);

  if (!webgl) {
    return (
      <div className={['map-view', 'map-view--unavailable', className].filter(Boolean).join(' ')} role="alert">
        WebGL not enabled
      </div>
    );
  }
  return (
    <div
      ref={containerRef}
      className={['map-view', className].filter(Boolean).join(' ')}
      // The offline base map's sea, seen through the canvas where nothing is drawn (offline-style.ts); another
      // style draws its own background over it.
      style={{ backgroundColor: baseMapColors.sea }}
      role="region"
      aria-label={ariaLabel}
      data-map-idle="false"
    >
      <MapViewContext.Provider value={context}>
        <Map
          {...engineProps}
          ref={attachMap}
          initialViewState={openingView}
          mapStyle={style}
          minZoom={minZoom}
          maxZoom={maxZoom}
          pixelRatio={openingRatio}
          // Labels show at once: a fade-in is a run of frames before the map can rest, slow on a phone.
          fadeDuration={0}
          // The app's own styles are checked against the style spec by the unit tests (map-styles.test.ts), not on
          // every phone as the map is made; a configured style (a URL) is checked as it loads.
          validateStyle={typeof style === 'string'}
          attributionControl={false}
          interactiveLayerIds={interactiveLayerIds}
          onClick={onClick}
          onMoveStart={markBusy}
          onIdle={() => setIdle(true)}
          // A tile, image or source that failed is the engine's to retry; keep a trace for developers.
          onError={(event) => console.warn('map error', event.error?.message)}
          // Absolutely filling the container: a percentage height would collapse under a min-height-only parent.
          style={{ position: 'absolute', inset: 0 }}
        >
          {credits ? null : <AttributionControl compact={false} position="bottom-right" />}
          <NavigationControl position="top-right" showCompass={false} />
          {children}
        </Map>
        {credits ? (
          <p className="map-view__credits">
            {credits.map(({ label, href }, index) => (
              <span key={href}>
                {index > 0 ? ' | ' : null}
                <a href={href} target="_blank" rel="noreferrer">
                  {label}
                </a>
              </span>
            ))}
          </p>
        ) : null}
      </MapViewContext.Provider>
    </div>
  );
});

// The map foundation on one page, for the engine smoke test in map-engine.spec.ts: built in memory by
// the test with the engine the build setting picks (Mapbox there); never part of the app.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MapView } from '@/shared/map/map-view';
import { PointsLayer } from '@/shared/map/points-layer';
import { LiveTrucksLayer } from '@/shared/map/live-trucks-layer';
import { engineName } from '@/shared/map/engine';

const stops = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      properties: { label: 'I dag\n14:30', variant: 'truck' as const },
      geometry: { type: 'Point' as const, coordinates: [12.4036, 55.6666] },
    },
  ],
};
const trucks = new Map([[7, { lng: 12.6, lat: 55.75 }]]);

function Harness() {
  const [clicked, setClicked] = useState('');
  return (
    <main>
      <p>Engine: {engineName}</p>
      <p>Clicked: {clicked}</p>
      <div style={{ width: 800, height: 500 }}>
        <MapView initialView={{ longitude: 12.4036, latitude: 55.6666, zoom: 9 }} ariaLabel="Harness map">
          <PointsLayer
            id="stops"
            data={stops}
            onClick={(feature) => setClicked(feature.properties.label.replace('\n', ' '))}
          />
          <LiveTrucksLayer trucks={trucks} />
        </MapView>
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);

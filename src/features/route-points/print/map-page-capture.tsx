import { useEffect } from 'react';
import { useMap } from '@/shared/map/engine';
import type { PageView } from './print-grid';

interface Props {
  views: PageView[];
  /** One PNG data URL a page, in the order of `views`. */
  onCaptured: (pages: string[]) => void;
}

/**
 * Moves the map to each page's view in turn and takes a picture of it once idle. Pictures print reliably
 * where a WebGL canvas may not, and one map serves every page (a browser allows few WebGL contexts).
 */
export function MapPageCapture({ views, onCaptured }: Props) {
  const { current } = useMap();
  useEffect(() => {
    if (!current || views.length === 0) return;
    const map = current.getMap();
    let cancelled = false;
    const idle = () => new Promise<void>((resolve) => map.once('idle', () => resolve()));
    // Read in the frame just drawn: the drawing buffer is cleared once the frame is presented.
    const picture = () =>
      new Promise<string>((resolve) => {
        map.once('render', () => resolve(map.getCanvas().toDataURL('image/png')));
        map.triggerRepaint();
      });
    void (async () => {
      const pages: string[] = [];
      for (const view of views) {
        const idleNow = idle();
        map.jumpTo({ center: [view.longitude, view.latitude], zoom: view.zoom });
        map.triggerRepaint();
        await idleNow;
        const page = await picture();
        if (cancelled) return;
        pages.push(page);
      }
      onCaptured(pages);
    })();
    return () => {
      cancelled = true;
    };
  }, [current, views, onCaptured]);
  return null;
}

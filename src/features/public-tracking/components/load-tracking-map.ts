/**
 * The tracking map's chunk (with the map engine): its route starts it with the stop's request, while the page's
 * own code still loads, since on a phone's network the engine is the longest download of the page.
 */
export const loadTrackingMap = () => import('./tracking-map');

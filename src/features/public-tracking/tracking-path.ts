/**
 * The tracking page's paths, exactly those its route takes: /dk/{stop uuid} or /no/{stop uuid}, the locale in lower
 * case and the uuid in either. The server gives these tracking.html (vite.config.ts), which trusts the match.
 */
export const trackingPath =
  /^\/(dk|no)\/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\/?$/;

/**
 * The page's first request, which index.html asks for before the app's code has arrived (tools/route-preload):
 * the arguments as `requestTrackingStop` sends them, read from the address by plain ES5. Another `c` than the
 * route accepts only means the app asks again itself.
 */
export const trackingStopRpc = {
  name: 'public_tracking_stop',
  args:
    'function(path,search){var c=new URLSearchParams(search).get("c");' +
    'return {stop_uuid:path.split("/")[2].toLowerCase(),customer_uuid:c&&/^[0-9a-f-]{36}$/i.test(c)?c:undefined};}',
};

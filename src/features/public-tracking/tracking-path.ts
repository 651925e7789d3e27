/** The tracking page's paths: /dk/{stop uuid} or /no/{stop uuid} (its route refuses anything else). */
export const trackingPath = /^\/(dk|no)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

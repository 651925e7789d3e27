import { lazy } from 'react';

// The forms carry the phone rules (libphonenumber-js): loaded when a form opens, after the stop list.
export const LazySubscribeForm = lazy(() =>
  import('./subscribe-form').then((module) => ({ default: module.SubscribeForm })),
);
export const LazyUnsubscribeForm = lazy(() =>
  import('./unsubscribe-form').then((module) => ({ default: module.UnsubscribeForm })),
);

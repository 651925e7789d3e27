/**
 * The tracking page's texts in the two public languages. The first path segment picks them: 'dk' is Danish,
 * anything else Norwegian (the spec's brand rule). Browser messages the spec gives in English stay English.
 */
export type PublicLocale = 'dk' | 'no';

export function publicLocale(segment: string): PublicLocale {
  return segment === 'dk' ? 'dk' : 'no';
}

const dk = {
  expectedArrival: 'Forventet ankomst',
  finished: 'Afsluttet',
  finishedNote: 'Isbilen har besøgt dit stop.',
  noEstimate: 'Tidspunktet er endnu ikke beregnet',
  between: (from: string, to: string) => `mellem kl. ${from} og ${to}`,
  yourStop: 'Dit stop',
  truck: 'Isbilen',
  yourLocation: 'Din placering',
  showTruck: 'Vis isbilen',
  showStop: 'Vis mit stop',
  menu: 'Menu',
  closeMenu: 'Luk menu',
  changeStop: 'Skift stop',
  shop: 'Webshop',
  unsubscribe: 'Afmeld SMS',
  rateExperience: 'Bedøm din oplevelse',
  thumbsUp: 'Godt',
  thumbsDown: 'Dårligt',
  commentLabel: 'Kommentar (valgfri)',
  send: 'Send',
  thanksTitle: 'Tak for din feedback!',
  thanksText: 'Vi bruger den til at gøre vores service bedre.',
  close: 'Luk',
  expiredTitle: 'Ruten er udløbet',
  expiredText: 'Isbilen har allerede besøgt dette stop. Du kan forudbestille til næste besøg.',
  ok: 'OK',
  homepage: 'Gå til forsiden',
  unsubscribeTitle: 'Afmeld SMS',
  unsubscribeText: 'Vil du afmelde SMS-beskeder, når isbilen kommer?',
  partialUnsubscribeText: 'Hvad vil du afmelde?',
  routeSms: 'SMS når isbilen kommer',
  marketingSms: 'SMS med tilbud og nyheder',
  confirmUnsubscribe: 'Afmeld',
  cancel: 'Annuller',
  nearbyStop: 'Stop i nærheden',
  visited: 'Besøgt',
  loading: 'Henter dit stop…',
  loadFailed: 'Siden kunne ikke hentes. Prøv igen om lidt.',
  retry: 'Prøv igen',
};

export type TrackingTexts = typeof dk;

const no: TrackingTexts = {
  expectedArrival: 'Forventet ankomst',
  finished: 'Ferdig',
  finishedNote: 'Isbilen har besøkt stoppet ditt.',
  noEstimate: 'Tidspunktet er ikke beregnet ennå',
  between: (from, to) => `mellom kl. ${from} og ${to}`,
  yourStop: 'Ditt stopp',
  truck: 'Isbilen',
  yourLocation: 'Din posisjon',
  showTruck: 'Vis isbilen',
  showStop: 'Vis mitt stopp',
  menu: 'Meny',
  closeMenu: 'Lukk meny',
  changeStop: 'Bytt stopp',
  shop: 'Nettbutikk',
  unsubscribe: 'Meld av SMS',
  rateExperience: 'Vurder opplevelsen din',
  thumbsUp: 'Bra',
  thumbsDown: 'Dårlig',
  commentLabel: 'Kommentar (valgfritt)',
  send: 'Send',
  thanksTitle: 'Takk for tilbakemeldingen!',
  thanksText: 'Vi bruker den til å gjøre tjenesten vår bedre.',
  close: 'Lukk',
  expiredTitle: 'Ruten er utløpt',
  expiredText: 'Isbilen har allerede besøkt dette stoppet. Du kan forhåndsbestille til neste besøk.',
  ok: 'OK',
  homepage: 'Gå til forsiden',
  unsubscribeTitle: 'Meld av SMS',
  unsubscribeText: 'Vil du melde deg av SMS-varsler når isbilen kommer?',
  partialUnsubscribeText: 'Hva vil du melde deg av?',
  routeSms: 'SMS når isbilen kommer',
  marketingSms: 'SMS med tilbud og nyheter',
  confirmUnsubscribe: 'Meld av',
  cancel: 'Avbryt',
  nearbyStop: 'Stopp i nærheten',
  visited: 'Besøkt',
  loading: 'Henter stoppet ditt…',
  loadFailed: 'Siden kunne ikke hentes. Prøv igjen om litt.',
  retry: 'Prøv igjen',
};

export const trackingTexts: Record<PublicLocale, TrackingTexts> = { dk, no };

/** The spec's browser message, in English in both languages. */
export const geolocationUnsupported = 'Geolocation is not supported by this browser.';

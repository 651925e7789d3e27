import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { PublicModal } from '@/shared/public/components/public-modal';
import { useCatalogue } from '@/shared/public/i18n/catalogue';
import { publicTexts } from '@/shared/public/i18n/texts';
import { usePublicSite } from '@/shared/public/public-site-context';
import { useMediaQuery } from '@/shared/hooks/use-media-query';
import { AddressSearch, type AddressResult } from '@/shared/ui/address-search/address-search';
import { searchPublicAddresses } from '../api/address-search';
import { fetchNearestStops, nearestStopsQueryKey } from '../api/nearest-stops';
import { hasNearStop, type NearestStop } from '../near-stop';
import { useSmsLeadText } from '../use-sms-lead-text';
import type { UnsubscribeOutcome } from '../api/unsubscribe';
import { optInTexts } from '../texts';
import { LazySubscribeForm, LazyUnsubscribeForm } from './lazy-forms';
import { StopPanel } from './stop-panel';
import { StopsMapSlot } from './stops-map-slot';
import '../subscribe-page.css';
import type { SubscribeTarget } from './subscribe-form';

export interface MessengerArrival {
  address: string;
  phone: string;
  facebookMessengerId: string | null;
  broadcastMessageBlockId: string | null;
}

type Modal = 'sms-service' | 'subscribe' | 'subscribed' | 'no-near-stop' | { result: UnsubscribeOutcome } | null;

const PHONE_QUERY = '(max-width: 768px)';

/** The public subscribe screen (spec 2.2): address search, stops on the map, the stop panel and the SMS modals. */
export function SubscribePage({ messenger }: { messenger: MessengerArrival | null }) {
  const site = usePublicSite();
  const t = useCatalogue(publicTexts);
  const optIn = useCatalogue(optInTexts);
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [origin, setOrigin] = useState<{ address: string; lat: number; lng: number } | null>(null);
  const [stops, setStops] = useState<NearestStop[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  const [searchFailed, setSearchFailed] = useState(false);
  const selected = stops.find((stop) => stop.routePointId === selectedId) ?? null;
  // The chosen stop's depo decides when its SMS goes out; the confirmation says that time.
  const subscribedText = useSmsLeadText(selected?.routePointId ?? null, t.subscribedMessage, t.subscribedMessageSoon);

  const search = useCallback((q: string) => searchPublicAddresses(site.public_segment, q), [site.public_segment]);

  const pickAddress = async (result: AddressResult) => {
    const [lng, lat] = result.center;
    setOrigin({ address: result.place_name, lat, lng });
    setSearchFailed(false);
    try {
      const found = await queryClient.fetchQuery({
        queryKey: nearestStopsQueryKey(site.public_segment, lat, lng),
        queryFn: () => fetchNearestStops(site.public_segment, lat, lng),
        staleTime: 60_000,
      });
      if (!hasNearStop(found)) {
        setStops([]);
        setSelectedId(null);
        setModal('no-near-stop');
        return;
      }
      setStops(found);
      setSelectedId(found[0]!.routePointId);
    } catch {
      setSearchFailed(true);
    }
  };

  // Arrived from the messenger extension: the address is searched and its best match picked at once.
  const messengerSearched = useRef(false);
  useEffect(() => {
    if (!messenger?.address || messengerSearched.current) return;
    messengerSearched.current = true;
    void search(messenger.address).then(
      (results) => {
        if (results[0]) void pickAddress(results[0]);
      },
      () => setSearchFailed(true),
    );
    // pickAddress only reads state setters and stable values; run once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messenger?.address, search]);

  const openSmsService = () => {
    // The Danish site on a phone goes straight to the subscribe form when a stop is chosen (spec 2.2).
    if (site.language === 'dk' && selected) setModal('subscribe');
    else setModal('sms-service');
  };

  const subscribeTarget: SubscribeTarget | null = selected
    ? {
        routePointId: selected.routePointId,
        address: selected.address,
        origin,
        messenger: messenger
          ? {
              facebookMessengerId: messenger.facebookMessengerId,
              broadcastMessageBlockId: messenger.broadcastMessageBlockId,
            }
          : null,
      }
    : null;

  const onSubscribed = () => {
    setModal('subscribed');
    // Arrived from the messenger extension: the window it opened closes once subscribed.
    if (messenger) window.close();
  };

  const result = modal && typeof modal === 'object' ? modal.result : null;
  const resultTitle =
    result === 'link_sent'
      ? optIn.linkSentTitle
      : result === 'unsubscribed'
        ? t.customerExistsTitle
        : result === 'already_unsubscribed'
          ? t.unsubscribeTitle
          : t.customerDoesntExistTitle;
  const resultText =
    result === 'link_sent'
      ? optIn.linkSent
      : result === 'unsubscribed'
        ? t.customerExists
        : result === 'already_unsubscribed'
          ? t.alreadyUnsubscribed
          : t.customerDoesntExist;

  return (
    <div className={isPhone ? 'subscribe-page subscribe-page--phone' : 'subscribe-page'}>
      <div className="subscribe-page__search">
        <AddressSearch
          search={search}
          cacheScope={site.public_segment}
          onPick={(picked) => void pickAddress(picked)}
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          noResultsText={t.searchNoResults}
          failedText={t.searchFailed}
          initialValue={messenger?.address ?? ''}
        />
        {searchFailed ? (
          <p className="public-form__error" role="alert">
            {t.genericError}
          </p>
        ) : null}
      </div>
      <div className="subscribe-page__map">
        <StopsMapSlot
          site={site}
          stops={stops}
          selectedId={selectedId}
          origin={origin}
          onSelect={setSelectedId}
          label={t.mapLabel}
        />
      </div>
      <StopPanel
        stop={selected}
        isPhone={isPhone}
        onSubscribe={() => setModal('subscribe')}
        onSmsService={openSmsService}
        onUnsubscribed={(outcome) => setModal({ result: outcome })}
      />

      <PublicModal
        open={modal === 'sms-service'}
        title={t.smsServiceTitle}
        onClose={() => setModal(null)}
        closeLabel={t.close}
      >
        {selected ? (
          <button type="button" className="public-button public-button--primary" onClick={() => setModal('subscribe')}>
            {t.subscribe}
          </button>
        ) : null}
        <h3>{t.unsubscribeSection}</h3>
        <Suspense fallback={<p>{t.loading}</p>}>
          <LazyUnsubscribeForm onResult={(outcome) => setModal({ result: outcome })} />
        </Suspense>
      </PublicModal>

      <PublicModal
        open={modal === 'subscribe'}
        title={t.subscribeTitle}
        onClose={() => setModal(null)}
        closeLabel={t.close}
      >
        {subscribeTarget ? (
          <Suspense fallback={<p>{t.loading}</p>}>
            <LazySubscribeForm
              target={subscribeTarget}
              initialPhone={messenger?.phone ?? ''}
              onSubscribed={onSubscribed}
            />
          </Suspense>
        ) : null}
      </PublicModal>

      <PublicModal
        open={modal === 'subscribed'}
        title={t.subscribedTitle}
        onClose={() => setModal(null)}
        closeLabel={t.close}
      >
        <p>{subscribedText}</p>
        <button type="button" className="public-button public-button--primary" onClick={() => setModal(null)}>
          {t.ok}
        </button>
      </PublicModal>

      <PublicModal open={result !== null} title={resultTitle} onClose={() => setModal(null)} closeLabel={t.close}>
        <p>{resultText}</p>
        <button type="button" className="public-button public-button--primary" onClick={() => setModal(null)}>
          {t.ok}
        </button>
      </PublicModal>

      <PublicModal
        open={modal === 'no-near-stop'}
        title={t.noNearStopTitle}
        onClose={() => setModal(null)}
        closeLabel={t.close}
      >
        <p>{t.noNearStop}</p>
        <button type="button" className="public-button public-button--primary" onClick={() => setModal(null)}>
          {t.ok}
        </button>
      </PublicModal>
    </div>
  );
}

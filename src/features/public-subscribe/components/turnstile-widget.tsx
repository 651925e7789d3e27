import { useEffect, useRef } from 'react';

// Cloudflare Turnstile's widget, rendered explicitly (no React wrapper package): the script is loaded once, when
// a subscribe form first needs it, so it never weighs on the page before the stop list.
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoad: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  scriptLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load')));
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/** Renders the widget and reports its token (null when it expires or fails, so the button disables again). */
export function TurnstileWidget({
  siteKey,
  language,
  onToken,
}: {
  siteKey: string;
  language: string;
  onToken: (token: string | null) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  }, [onToken]);
  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    void loadTurnstile().then(
      (api) => {
        if (cancelled || !holder.current) return;
        widgetId = api.render(holder.current, {
          sitekey: siteKey,
          language,
          callback: (token: string) => report.current(token),
          'expired-callback': () => report.current(null),
          'error-callback': () => report.current(null),
        });
      },
      () => report.current(null),
    );
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [siteKey, language]);
  return <div className="turnstile-widget" ref={holder} />;
}

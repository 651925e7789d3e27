import { useSyncExternalStore } from 'react';
import { dismissFlash, getFlashMessages, subscribeToFlash } from './flash-store';
import './flash.css';

/** The snackbar area at the bottom centre of every page; mount it once, in the root route. */
export function FlashHost() {
  const messages = useSyncExternalStore(subscribeToFlash, getFlashMessages);
  return (
    <div className="flash-host">
      {messages.map((message) => (
        <div
          key={message.id}
          className={`flash flash--${message.kind}`}
          // Alerts interrupt a screen reader; notices wait their turn.
          role={message.kind === 'alert' ? 'alert' : 'status'}
        >
          <span className="flash__text">{message.text}</span>
          <button type="button" className="flash__close" aria-label="Dismiss" onClick={() => dismissFlash(message.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

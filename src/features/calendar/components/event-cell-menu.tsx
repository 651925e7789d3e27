import { useEffect, useRef, useState } from 'react';

export interface EventCellAction {
  label: string;
  danger?: boolean;
  run: () => void;
}

/**
 * A plan event's actions behind one small button: Edit, Delete and Delete series in every cell made a car's row
 * three buttons tall, so only two or three cars fitted a screen (issue 25 item 7). Escape or a click elsewhere
 * closes it. The button is drawn with SVG dots, not a glyph a machine's fonts may lack.
 */
export function EventCellMenu({ label, actions }: { label: string; actions: EventCellAction[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  if (actions.length === 0) return null;
  return (
    <div className="calendar__menu" ref={root}>
      <button
        type="button"
        className="calendar__menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
      </button>
      {open ? (
        <ul role="menu" className="calendar__menu-list" aria-label={label}>
          {actions.map((action) => (
            <li role="none" key={action.label}>
              <button
                type="button"
                role="menuitem"
                className={action.danger ? 'calendar__menu-item calendar__menu-item--danger' : 'calendar__menu-item'}
                onClick={() => {
                  setOpen(false);
                  action.run();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

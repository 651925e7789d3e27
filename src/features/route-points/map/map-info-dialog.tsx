import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { customerColours, customerPlaceText, type CustomerPlace } from './customer-colours';
import { useModalDialog } from '@/shared/hooks/use-modal-dialog';

const places: CustomerPlace[] = ['current-route', 'other-route', 'route-number', 'none'];

/** The "i" of the map view: what each control does and what the customers' colours mean. */
export function MapInfoDialog({ fastMap, onClose }: { fastMap: boolean; onClose: () => void }) {
  const dialogRef = useModalDialog();
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog route-map__modal"
      aria-labelledby="map-info-title"
      onCancel={onClose}
    >
      <h2 id="map-info-title" className="confirm-dialog__title">
        Map controls
      </h2>
      <ul className="route-map__info">
        <li>
          <strong>DRAG ON/OFF</strong>: with DRAG ON, drag a stop to move it; its address is looked up at the new place.
          Save keeps the change.
        </li>
        <li>
          <strong>Customers</strong>: shows the customers in the map's view. Click one to select it.
        </li>
        {fastMap ? (
          <li>
            <strong>FAST MAP</strong>: stops without numbers, and customers loaded once for the view instead of after
            every move.
          </li>
        ) : null}
        <li>
          <strong>Selected Routes(n)</strong>: other routes the selected customers stop on; the routes you tick are
          drawn on the map.
        </li>
        <li>
          <strong>Phone list</strong>: the phones at the selected customers' addresses, with a button to copy them.
        </li>
        <li>
          <strong>Update customers</strong>: moves the selected customers to a stop of this route.
        </li>
      </ul>
      <ul className="route-map__legend" aria-label="Customer colours">
        {places.map((place) => (
          <li key={place}>
            <span className="route-map__swatch" style={{ background: customerColours[place] }} aria-hidden="true" />{' '}
            {customerPlaceText[place]}
          </li>
        ))}
      </ul>
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Close</SecondaryButton>
      </div>
    </dialog>
  );
}

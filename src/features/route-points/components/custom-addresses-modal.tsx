import { useEffect, useRef, useState } from 'react';
import { AddressSearch, type AddressResult } from '@/shared/ui/address-search/address-search';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { EditorFields } from '../editor-state';
import { EDITOR_ADDRESS_DEBOUNCE_MS } from './point-row';

export interface CustomAddress {
  address: string;
  lat: number | null;
  lng: number | null;
}

interface Props {
  slug: string;
  fields: EditorFields;
  search: (text: string) => Promise<AddressResult[]>;
  onSave: (start: CustomAddress, end: CustomAddress) => void;
  onClose: () => void;
}

/** 'Add custom start/end addresses': where the route starts and ends instead of the depo. */
export function CustomAddressesModal({ slug, fields, search, onSave, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [start, setStart] = useState<CustomAddress>({
    address: fields.start_address,
    lat: fields.start_lat,
    lng: fields.start_lng,
  });
  const [end, setEnd] = useState<CustomAddress>({
    address: fields.end_address,
    lat: fields.end_lat,
    lng: fields.end_lng,
  });
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const box = (which: 'start' | 'end', value: CustomAddress, set: (value: CustomAddress) => void) => (
    <div className="field">
      <span className="field__label">{which === 'start' ? 'Start address' : 'End address'}</span>
      <AddressSearch
        search={search}
        cacheScope={slug}
        label={which === 'start' ? 'Start address' : 'End address'}
        placeholder="Address"
        noResultsText="No results found"
        failedText="Address search failed"
        initialValue={value.address}
        debounceMs={EDITOR_ADDRESS_DEBOUNCE_MS}
        // Typed text without a pick has no coordinates; clearing it removes the custom address.
        onTextChange={(address) => set({ address, lat: null, lng: null })}
        onPick={(result) => set({ address: result.place_name, lng: result.center[0], lat: result.center[1] })}
      />
    </div>
  );
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog route-points__modal"
      aria-labelledby="custom-addresses-title"
      onCancel={onClose}
    >
      <h2 id="custom-addresses-title" className="confirm-dialog__title">
        Add custom start/end addresses
      </h2>
      {box('start', start, setStart)}
      {box('end', end, setEnd)}
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
        <button type="button" className="button button--primary" onClick={() => onSave(start, end)}>
          Save
        </button>
      </div>
    </dialog>
  );
}

import { useState, type FocusEvent } from 'react';
import { AddressSearch, type AddressResult } from '@/shared/ui/address-search/address-search';
import type { EditorAction } from '../editor-state';
import { EDITOR_ADDRESS_DEBOUNCE_MS } from './point-row';

/**
 * The empty row always at the end of the table: picking an address, or leaving the row with one typed,
 * adds a point, and a fresh empty row follows.
 */
export function TrailingRow({
  slug,
  number,
  search,
  dispatch,
}: {
  slug: string;
  number: number;
  search: (text: string) => Promise<AddressResult[]>;
  dispatch: (action: EditorAction) => void;
}) {
  const [text, setText] = useState('');
  const [generation, setGeneration] = useState(0);
  const add = (address: string, lat: number | null, lng: number | null) => {
    dispatch({ type: 'add', point: { address, lat, lng } });
    setText('');
    setGeneration((n) => n + 1);
  };
  const onBlur = (event: FocusEvent<HTMLTableRowElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (text.trim() !== '') add(text.trim(), null, null);
  };
  return (
    <tr className="route-points__trailing" data-testid="route-point-new-row" onBlur={onBlur}>
      <td />
      <td className="route-points__number">{number}</td>
      <td />
      <td className="route-points__address">
        <AddressSearch
          key={generation}
          search={search}
          cacheScope={slug}
          label="Address of a new point"
          placeholder="Add a point: address"
          noResultsText="No results found"
          failedText="Address search failed"
          debounceMs={EDITOR_ADDRESS_DEBOUNCE_MS}
          onTextChange={setText}
          onPick={(result) => add(result.place_name, result.center[1], result.center[0])}
        />
      </td>
      <td colSpan={7} />
    </tr>
  );
}

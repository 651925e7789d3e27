import { useState, type FormEvent } from 'react';
import { stockKindWord } from '@/shared/vocabulary/code-words';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { useDepoWarehouses, useFromBalances } from '../api/depo-warehouses';
import { useGridProducts } from '../api/grid-products';
import { createStockTransfer, saveStockOrder, useStockMoveMutation } from '../api/save-stock-move';
import {
  CHOOSABLE_KINDS,
  chooseFrom,
  chooseKind,
  chooseTo,
  defaultTargets,
  type MoveTargets,
  type StockKind,
} from '../kind-rules';
import { amountProblem, linesFromPreset, linesToSave, remainingBalance, type GridLine } from '../stock-lines';
import type { StockContext } from '../stock-context';
import { useTwoSecondLock } from '../use-two-second-lock';
import { StockLinesGrid, withTrailingEmptyRow } from './stock-lines-grid';
import './stock-moves.css';

/** The spec's success text, typo included. */
export const TRANSFER_CREATED = 'Stock Transfer succesfuly created';

export interface StockMoveFormProps {
  mode: 'order' | 'transfer';
  context: StockContext;
  slug: string;
  /** The depo of the page (the Depo select starts here). */
  depoId: number;
  /** The warehouse whose page opened the form (defaults by its owner, spec §4). */
  warehouseId: number;
  /** Editing an order: its saved state. */
  initial?: {
    orderId: number;
    targets: MoveTargets;
    reason: string;
    mainStorageMessage: string;
    lines: GridLine[];
  };
  /** `?kind=win_lose&to_warehouse_id=`: kind preset, selects disabled, no from-warehouse. */
  preset?: {
    kind: 'win_lose';
    toWarehouseId: number | null;
    /** Products and amounts to start with (matched by sku once the products are loaded). */
    lines?: ReadonlyArray<{ sku: string; amount: number }>;
    /** Where to go once the transfer is made, instead of its view (the EOD list it came from). */
    returnTo?: string;
  };
}

const kindOptions = CHOOSABLE_KINDS.map((kind) => ({
  value: kind,
  label: stockKindWord(kind),
}));
const idValue = (id: number | null) => (id === null ? '' : String(id));
const idOf = (value: string) => (value === '' ? null : Number(value));

/** New or edit stock order, and new stock transfer: the selects with the kind rules, the fields, the grid, the buttons. */
export function StockMoveForm({
  mode,
  context,
  slug,
  depoId: pageDepoId,
  warehouseId,
  initial,
  preset,
}: StockMoveFormProps) {
  const { depos } = context;
  const navigate = useNavigate();
  const [depoId, setDepoId] = useState(pageDepoId);
  const warehouses = useDepoWarehouses(slug, depoId);
  const products = useGridProducts(slug);
  const kindContext = {
    transfer: mode === 'transfer',
    writeOffWithoutTo: context.writeOffWithoutTo,
  };

  const [chosen, setTargets] = useState<MoveTargets | null>(
    initial?.targets ??
      (preset
        ? {
            kind: 'win_lose',
            fromWarehouseId: null,
            toWarehouseId: preset.toWarehouseId,
          }
        : null),
  );
  // Until the person chooses, the defaults of the page's warehouse (they need the depo's warehouses).
  const targets =
    chosen ??
    defaultTargets(
      warehouses.data?.find((w) => w.id === warehouseId),
      warehouses.data ?? [],
    );
  const [lines, setLines] = useState<GridLine[]>(() => withTrailingEmptyRow(initial?.lines ?? []));
  // The preset's lines, once the products they name are loaded (adjusted during render, not in an effect).
  const [presetPending, setPresetPending] = useState(preset?.lines !== undefined);
  if (presetPending && products.data && preset?.lines) {
    setPresetPending(false);
    setLines(withTrailingEmptyRow(linesFromPreset(preset.lines, products.data)));
  }
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [mainStorageMessage, setMainStorageMessage] = useState(initial?.mainStorageMessage ?? '');
  const [description, setDescription] = useState('');
  const balances = useFromBalances(slug, depoId, targets.fromWarehouseId);
  const requestKeys = useRequestKeys();
  const lock = useTwoSecondLock();
  const saveOrder = useStockMoveMutation(slug, depoId, saveStockOrder);
  const createTransfer = useStockMoveMutation(slug, depoId, createStockTransfer);

  const warehouseOptions = (warehouses.data ?? []).map((w) => ({
    value: String(w.id),
    label: `${w.name} (${w.code})`,
  }));
  const notEnoughStock =
    targets.fromWarehouseId !== null && lines.some((line) => (remainingBalance(line, balances) ?? 0) < 0);
  const locked = lock.locked || preset !== undefined;
  const showMovementOrder = mode === 'order' || targets.fromWarehouseId === null;

  const positiveAmounts = mode === 'order' || targets.kind !== 'win_lose';
  const submit = (approve: boolean) =>
    lock.run(async () => {
      // An amount marked under its field is not sent: the person fixes it where it is.
      if (lines.some((line) => amountProblem(line.amount, positiveAmounts) !== null)) {
        document.querySelector<HTMLElement>('.stock-move-form [data-col="amount"][aria-invalid="true"]')?.focus();
        return;
      }
      const base = {
        fromWarehouseId: targets.fromWarehouseId,
        toWarehouseId: targets.toWarehouseId,
        kind: targets.kind,
        lines: linesToSave(lines),
      };
      const scope = `${mode}:${approve ? 'approve' : 'save'}`;
      try {
        if (mode === 'order') {
          const orderId = await saveOrder.mutateAsync({
            ...base,
            orderId: initial?.orderId ?? null,
            reason,
            mainStorageMessage,
            approve,
            requestKey: requestKeys.keyFor(scope),
          });
          requestKeys.succeeded(scope);
          if (approve) showFlash(TRANSFER_CREATED);
          await navigate({
            to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/stock_orders/$stockOrderId',
            params: {
              tenant: slug,
              depoId,
              warehouseId,
              stockOrderId: orderId,
            },
          });
        } else {
          const transferId = await createTransfer.mutateAsync({
            ...base,
            description,
            mainStorageMessage: showMovementOrder ? mainStorageMessage : '',
            stockOrderId: null,
            requestKey: requestKeys.keyFor(scope),
          });
          requestKeys.succeeded(scope);
          showFlash(TRANSFER_CREATED);
          if (preset?.returnTo) {
            await navigate({ href: preset.returnTo });
            return;
          }
          await navigate({
            to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/stock_transfers/$stockTransferId',
            params: {
              tenant: slug,
              depoId,
              warehouseId,
              stockTransferId: transferId,
            },
          });
        }
      } catch (failure) {
        flashRequestError(failure);
      }
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <FormShell
      label={mode === 'order' ? 'Stock order' : 'Stock transfer'}
      className="stock-move-form"
      onSubmit={onSubmit}
      actions={
        mode === 'order' ? (
          <>
            <SaveButton saving={lock.locked} disabled={lock.locked}>
              Save
            </SaveButton>
            <SecondaryButton disabled={lock.locked} onClick={() => void submit(true)}>
              Save & Approve
            </SecondaryButton>
          </>
        ) : (
          <SaveButton saving={lock.locked} disabled={lock.locked}>
            Create Transfer
          </SaveButton>
        )
      }
    >
      <div className="stock-move-form__selects">
        <SelectField
          label="Depo"
          value={String(depoId)}
          options={depos.map((d) => ({ value: String(d.id), label: d.title }))}
          disabled={locked || initial !== undefined}
          onChange={(value) => {
            setDepoId(Number(value));
            setTargets({
              kind: targets.kind,
              fromWarehouseId: null,
              toWarehouseId: null,
            });
          }}
        />
        <SelectField
          label="From"
          value={idValue(targets.fromWarehouseId)}
          options={warehouseOptions}
          placeholder="Choose warehouse"
          disabled={locked}
          onChange={(value) => setTargets(chooseFrom(targets, idOf(value)))}
        />
        <SelectField
          label="To"
          value={idValue(targets.toWarehouseId)}
          options={warehouseOptions}
          placeholder="Choose warehouse"
          disabled={locked}
          onChange={(value) => setTargets(chooseTo(targets, idOf(value), kindContext))}
        />
        <SelectField
          label="Kind"
          value={targets.kind}
          options={kindOptions}
          disabled={locked}
          onChange={(value) => setTargets(chooseKind(targets, value as StockKind, kindContext))}
        />
      </div>
      {showMovementOrder && (
        <TextField label="Movement order ID" value={mainStorageMessage} onChange={setMainStorageMessage} />
      )}
      {mode === 'order' ? (
        <TextField label="Reason" value={reason} onChange={setReason} />
      ) : (
        <TextField label="Description" value={description} onChange={setDescription} />
      )}
      {notEnoughStock && targets.fromWarehouseId !== null && (
        <p className="stock-move-form__not-enough">
          {/* The from-warehouse's products tab shows its balances and what is missing there (opens beside this form). */}
          <Link
            to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/products"
            params={{
              tenant: slug,
              depoId,
              warehouseId: targets.fromWarehouseId,
            }}
            target="_blank"
          >
            Not enough stock?
          </Link>
        </p>
      )}
      {products.isPending ? (
        <p aria-live="polite">Loading products…</p>
      ) : (
        <StockLinesGrid
          lines={lines}
          onChange={setLines}
          products={products.data ?? []}
          balances={balances}
          amountLabel={mode === 'order' ? 'Order amount' : 'Transfer amount'}
          positiveAmounts={positiveAmounts}
        />
      )}
    </FormShell>
  );
}

import { useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { DangerButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { approveRoute, deleteRoute, undoDeleteRoute, useCopyRoute, useRouteAction } from '../api/route-actions';
import { approvalLabel, ROUTE_APPROVED } from '../route-approval';
import type { RouteRow } from '../route-form-values';
import './routes.css';

export interface RouteActionsPanelProps {
  slug: string;
  route: RouteRow;
  /** The depos the member may copy into (where they work). */
  depos: readonly { id: number; title: string }[];
  /** After a copy: the new route (the page opens it). */
  onCopied: (copy: RouteRow) => void;
}

/** Approve, copy (or copy and reverse) into a chosen depo, delete and undo delete: one request per click. */
export function RouteActionsPanel({ slug, route, depos, onCopied }: RouteActionsPanelProps) {
  const approve = useRouteAction(slug, approveRoute);
  const remove = useRouteAction(slug, deleteRoute);
  const restore = useRouteAction(slug, undoDeleteRoute);
  const copy = useCopyRoute(slug);
  const lock = useSubmitLock();
  const requestKeys = useRequestKeys();
  const [targetDepo, setTargetDepo] = useState(String(route.depo_id));
  const [busy, setBusy] = useState(false);
  const deleted = route.deleted_at !== null;

  const run = async (work: () => Promise<void>) => {
    if (!lock.acquire()) return;
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      flashRequestError(failure);
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  const copyTo = (reverse: boolean) =>
    run(async () => {
      const scope = `${route.id}:${targetDepo}:${reverse}`;
      const created = await copy.mutateAsync({
        routeId: route.id,
        newDepoId: Number(targetDepo),
        reverse,
        requestKey: requestKeys.keyFor(scope),
      });
      requestKeys.succeeded(scope);
      showFlash(
        `Route ${route.name} ${reverse ? 'copied and reversed' : 'copied'} to ${depos.find((d) => d.id === created.depo_id)?.title ?? 'the depo'}`,
      );
      onCopied(created);
    });

  return (
    <section className="routes__panel" aria-labelledby="route-actions-title">
      <h2 id="route-actions-title">Route actions</h2>
      <p>
        Approval: <span className="routes__status">{deleted ? 'Deleted' : approvalLabel(route.should_approve)}</span>
      </p>
      <div className="routes__inline">
        {!deleted && route.should_approve !== 'approved' && (
          <SecondaryButton
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await approve.mutateAsync(route.id);
                showFlash(ROUTE_APPROVED);
              })
            }
          >
            Approve
          </SecondaryButton>
        )}
        {deleted ? (
          <SecondaryButton
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await restore.mutateAsync(route.id);
                showFlash(`Route ${route.name} restored`);
              })
            }
          >
            Undo delete
          </SecondaryButton>
        ) : (
          <DangerButton
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if (
                  !(await confirm({
                    message: 'Are you sure you want to delete this route?',
                    confirmLabel: 'Delete',
                    destructive: true,
                  }))
                )
                  return;
                await remove.mutateAsync(route.id);
                showFlash(`Route ${route.name} deleted`);
              })
            }
          >
            Delete
          </DangerButton>
        )}
      </div>
      {!deleted && (
        <div className="routes__inline">
          <SelectField
            label="Copy to depo"
            value={targetDepo}
            onChange={setTargetDepo}
            options={depos.map((depo) => ({ value: String(depo.id), label: depo.title }))}
          />
          <SecondaryButton disabled={busy} onClick={() => void copyTo(false)}>
            Copy route
          </SecondaryButton>
          <SecondaryButton disabled={busy} onClick={() => void copyTo(true)}>
            Copy and reverse route
          </SecondaryButton>
        </div>
      )}
    </section>
  );
}

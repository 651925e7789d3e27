import { useState } from 'react';
import { failureFacts } from '@/shared/errors/failure-kind';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import type { FeedbackRow } from '../api/get-feedbacks';
import type { FeedbackTenant } from '../feedback-tenant';
import { useReviewFeedback } from '../api/review-feedback';
import { isManagerCommentError } from '../feedback-text';
import { ManagerCommentDialog } from './manager-comment-dialog';

export const FEEDBACK_REVIEW_HEIGHT = 260;

/** The expanded feedback: the whole comments, and the manager's comment with Save and Approve (read-only once approved). */
export function FeedbackReview({
  tenant,
  slug,
  depoId,
  feedback,
}: {
  tenant: FeedbackTenant;
  slug: string;
  depoId: number;
  feedback: FeedbackRow;
}) {
  const [comment, setComment] = useState(feedback.manager_comment ?? '');
  const [needsComment, setNeedsComment] = useState(false);
  const review = useReviewFeedback(slug, depoId);
  const lock = useSubmitLock();
  const approved = feedback.status === 'approved';

  const send = (approve: boolean) => {
    // The database refuses it too; asking first spares a round trip.
    if (approve && !feedback.positive && comment.trim() === '') return setNeedsComment(true);
    if (!lock.acquire()) return;
    // A promise, not mutate's callbacks: an approved row leaves the list (and this review) before they would run.
    review
      .mutateAsync({ id: feedback.id, managerComment: comment, approve })
      .then(
        () => showFlash(approve ? 'Feedback approved' : 'Feedback saved'),
        (error: unknown) =>
          isManagerCommentError(failureFacts(error).message) ? setNeedsComment(true) : flashRequestError(error),
      )
      .finally(() => lock.release());
  };

  return (
    <div className="feedback-review" role="region" aria-label={`Feedback ${feedback.id}`}>
      <p>
        <strong>Comment:</strong> {feedback.comment}
      </p>
      <label className="field">
        <span className="field__label">Manager comment</span>
        <textarea
          className="field__input"
          rows={3}
          maxLength={2000}
          value={comment}
          readOnly={approved}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      {approved ? (
        <p className="muted">
          Approved by {feedback.handled_by_full_name ?? ''}
          {feedback.handled_by_at
            ? ` at ${formatTenantDateTime(feedback.handled_by_at, tenant.date_format, tenant.time_zone)}`
            : ''}
        </p>
      ) : (
        <div className="feedback-review__buttons">
          <SecondaryButton disabled={review.isPending} onClick={() => send(false)}>
            Save
          </SecondaryButton>
          <button
            type="button"
            className="button button--primary"
            disabled={review.isPending}
            onClick={() => send(true)}
          >
            Approve
          </button>
        </div>
      )}
      {needsComment && <ManagerCommentDialog onClose={() => setNeedsComment(false)} />}
    </div>
  );
}

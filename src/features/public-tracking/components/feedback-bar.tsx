import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { sendTrackingFeedback } from '../api/tracking-queries';
import type { TrackingTexts } from '../texts';
import { PublicModal } from './public-modal';
import { ThumbsDownIcon, ThumbsUpIcon } from '@/shared/ui/icons';

const COMMENT_MAX = 2000;

/**
 * 'Rate your experience': thumbs up or down, an optional comment, and Send once a rating is chosen; then a
 * thank-you and the bar is gone. The page shows it only for a customer who has not rated this stop yet.
 */
export function FeedbackBar({
  texts,
  stopUuid,
  customerUuid,
}: {
  texts: TrackingTexts;
  stopUuid: string;
  customerUuid: string;
}) {
  const [open, setOpen] = useState(false);
  const [positive, setPositive] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const [stage, setStage] = useState<'rating' | 'thanks' | 'done'>('rating');
  const send = useMutation({
    mutationFn: sendTrackingFeedback,
    onSuccess: () => setStage('thanks'),
    // Spec 8: a failed send is only logged; the form stays as typed.
    onError: (error) => console.error('feedback not sent', error),
  });

  if (stage === 'done') return null;
  if (stage === 'thanks') {
    return (
      <PublicModal title={texts.thanksTitle} onClose={() => setStage('done')} className="tracking-thanks">
        <p>{texts.thanksText}</p>
        <button type="button" className="tracking-button" onClick={() => setStage('done')}>
          {texts.close}
        </button>
      </PublicModal>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (positive === null || send.isPending) return;
    send.mutate({ stopUuid, customerUuid, positive, comment: comment.trim() });
  };

  return (
    <section className="tracking-feedback" aria-label={texts.rateExperience}>
      {!open ? (
        <button type="button" className="tracking-feedback__open" aria-expanded={false} onClick={() => setOpen(true)}>
          {texts.rateExperience}
        </button>
      ) : (
        <form className="tracking-feedback__form" onSubmit={submit}>
          <p className="tracking-feedback__title">{texts.rateExperience}</p>
          <div className="tracking-feedback__thumbs">
            <button
              type="button"
              aria-pressed={positive === true}
              aria-label={texts.thumbsUp}
              onClick={() => setPositive(true)}
            >
              <ThumbsUpIcon size={24} />
            </button>
            <button
              type="button"
              aria-pressed={positive === false}
              aria-label={texts.thumbsDown}
              onClick={() => setPositive(false)}
            >
              <ThumbsDownIcon size={24} />
            </button>
          </div>
          <label className="tracking-feedback__comment">
            <span>{texts.commentLabel}</span>
            <textarea
              value={comment}
              maxLength={COMMENT_MAX}
              rows={3}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          {positive !== null ? (
            <button type="submit" className="tracking-button" disabled={send.isPending}>
              {texts.send}
            </button>
          ) : null}
        </form>
      )}
    </section>
  );
}

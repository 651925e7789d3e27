import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { feedbackKeys } from './get-feedbacks';

export interface FeedbackReview {
  id: number;
  managerComment: string;
  approve: boolean;
}

/** Save stores the manager comment; Approve sends it with status approved (the database decides if it may). */
export function reviewFeedback({ id, managerComment, approve }: FeedbackReview) {
  const values = approve
    ? { manager_comment: managerComment, status: 'approved' as const }
    : { manager_comment: managerComment };
  return runQuery(
    supabase
      .from('feedbacks')
      .update(values)
      .eq('id', id)
      .select('id, manager_comment, status, handled_by_at')
      .single(),
  );
}

export function useReviewFeedback(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewFeedback,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys(slug, depoId).all }),
  });
}

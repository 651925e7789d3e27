/** Comments in the table are cut to this many characters (delivery-operations §9). */
export const COMMENT_PREVIEW_LENGTH = 50;

export function truncateComment(text: string | null): string {
  if (!text) return '';
  return text.length > COMMENT_PREVIEW_LENGTH ? `${text.slice(0, COMMENT_PREVIEW_LENGTH)}…` : text;
}

export const MANAGER_COMMENT_DIALOG = {
  title: 'Manager comment should be filled',
  text: 'Feedback is negative, you need to contact customer and give review about the situation',
};

/** The server's refusal of an approval without a comment (its sentence starts with 'Manager comment'). */
export const isManagerCommentError = (message: string) => message.includes('Manager comment');

/** A stop's stay as the list shows it: minutes and seconds. */
export function formatStay(seconds: number | null): string {
  if (seconds === null) return '';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

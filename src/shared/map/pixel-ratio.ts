/**
 * The pixel ratio maps draw at: the screen's, at most 2. A phone at 2.6 or 3 would draw (and composite) up to
 * twice the pixels of 2 for lines and labels that look the same at arm's length.
 */
export const mapPixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

import type { Page } from '@playwright/test';

/** One thing a person cannot read or reach on a screen, in words a reviewer acts on. */
export type LayoutProblem = string;

/**
 * Audits the page as drawn now (issue 25, "the class behind them"):
 * - a table's column header lies beyond the viewport (or beyond a box that clips it) with no scrollable box in view
 *   to reach it;
 * - an input's or select's text is wider than the box that shows it (cut off, like "02:1" for 14:15);
 * - text is drawn as a missing glyph (an emoji or symbol no installed font has: an empty box).
 * Runs in the page; returns the problems found, at most a few of each kind.
 */
export async function auditLayout(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = document.documentElement.clientHeight;
    // A sideways scrollbar is a way to reach a column only when it is on screen (a grid taller than the screen has
    // its bar below the fold: the person sees neither the column nor the bar).
    const barOnScreen = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.left < viewportWidth && box.right > 0 && box.bottom <= viewportHeight + 1 && box.bottom > 0;
    };
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
    };
    const label = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);

    // Columns out of reach.
    const scrollsSideways = (el: Element) => {
      const style = getComputedStyle(el);
      return /(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
    };
    const clips = (el: Element) => /(hidden|clip)/.test(getComputedStyle(el).overflowX);
    const pageScrolls =
      document.documentElement.scrollWidth > viewportWidth + 1 &&
      !/(hidden|clip)/.test(getComputedStyle(document.body).overflowX) &&
      !/(hidden|clip)/.test(getComputedStyle(document.documentElement).overflowX);
    const unreachable: string[] = [];
    for (const header of document.querySelectorAll('th, [role="columnheader"]')) {
      if (!visible(header) || !label(header)) continue;
      const rect = header.getBoundingClientRect();
      // ag-grid: the header row is clipped and follows the body's horizontal scrollbar.
      const grid = header.closest('.ag-root-wrapper');
      if (grid) {
        const bar = grid.querySelector('.ag-body-horizontal-scroll-viewport');
        const gridRect = grid.getBoundingClientRect();
        const barShown = bar !== null && bar.scrollWidth > bar.clientWidth + 1 && visible(bar) && barOnScreen(bar);
        if ((rect.right > gridRect.right + 1 || rect.right > viewportWidth + 1) && !barShown && !pageScrolls)
          unreachable.push(label(header));
        continue;
      }
      let way = false;
      let clippedBy: Element | null = null;
      for (let el = header.parentElement; el && el !== document.body; el = el.parentElement) {
        const box = el.getBoundingClientRect();
        if (scrollsSideways(el) && barOnScreen(el)) {
          way = true;
          break;
        }
        if (clips(el) && rect.right > box.right + 1) {
          clippedBy = el;
          break;
        }
      }
      if (way) continue;
      if (clippedBy || (rect.right > viewportWidth + 1 && !pageScrolls)) unreachable.push(label(header));
    }
    if (unreachable.length)
      problems.push(`table columns out of reach: ${[...new Set(unreachable)].slice(0, 6).join(' | ')}`);

    // Input text wider than its input.
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const textWidth = (text: string, el: Element) => {
      const style = getComputedStyle(el);
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return ctx.measureText(text).width;
    };
    const cut: string[] = [];
    for (const el of document.querySelectorAll('input, select')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      let text = '';
      let extra = 0;
      if (el instanceof HTMLSelectElement) {
        text = el.selectedOptions[0]?.text ?? '';
        extra = 18; // the arrow
      } else if (el instanceof HTMLInputElement) {
        if (['checkbox', 'radio', 'hidden', 'range', 'color', 'file', 'submit', 'button', 'image'].includes(el.type))
          continue;
        text = el.value || el.placeholder;
        if (el.type === 'time' || el.type === 'date') extra = 24; // the picker's icon
        if (el.type === 'text' || el.type === 'search' || el.type === 'email' || el.type === 'tel' || !el.type) {
          // A text box scrolls its text; a value longer than the box is normal while typing. Only a placeholder or
          // value that the box was sized for matters: the placeholder.
          text = el.value ? '' : el.placeholder;
        }
      }
      if (!text) continue;
      const need = textWidth(text, el) + extra;
      if (need > inner + 2) cut.push(`${el.getAttribute('name') ?? el.id ?? el.tagName}="${text.slice(0, 30)}"`);
    }
    if (cut.length) problems.push(`input text wider than the input: ${cut.slice(0, 6).join(' | ')}`);

    // Missing glyphs: a character outside the scripts every font here draws, drawn like a character no font has.
    const drawn = (char: string, font: string) => {
      canvas.width = 48;
      canvas.height = 48;
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = font;
      ctx.fillStyle = '#000';
      ctx.fillText(char, 4, 36);
      return ctx.getImageData(0, 0, 48, 48).data.join(',');
    };
    const common = /[\u0000-\u024f\u0300-\u036f\u2000-\u206f\u20a0-\u20bf\u2100-\u214f\u2190-\u21ff]/u;
    const seen = new Map<string, Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent) || parent.closest('script, style, noscript')) continue;
      for (const char of node.textContent ?? '') {
        if (/\s/u.test(char) || common.test(char) || seen.has(char)) continue;
        seen.set(char, parent);
      }
    }
    const missing: string[] = [];
    for (const [char, el] of seen) {
      const style = getComputedStyle(el);
      const font = `${style.fontWeight} 32px ${style.fontFamily}`;
      const blank = drawn('\u{10FFFD}', font);
      const tofu = drawn('\uFFFF', font);
      const glyph = drawn(char, font);
      if (glyph === blank || glyph === tofu)
        missing.push(`U+${char.codePointAt(0)!.toString(16).toUpperCase()} in "${label(el)}"`);
    }
    if (missing.length) problems.push(`missing glyphs: ${missing.slice(0, 6).join(' | ')}`);
    return problems;
  });
}

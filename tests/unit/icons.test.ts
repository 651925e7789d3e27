import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeleteIcon, ExpandedIcon, FastIcon } from '@/shared/ui/icons';

// Icons are SVG, named when they stand alone and hidden when the control around them carries the name
// (issue 25 item 13: the e2e locators find the buttons by their names, not by a glyph).
describe('shared icons', () => {
  it('draws an SVG hidden from assistive technology when the control around it names it', () => {
    const html = renderToStaticMarkup(createElement(DeleteIcon));
    expect(html).toMatch(/^<svg[^>]* aria-hidden="true"/);
    expect(html).not.toContain('aria-label');
  });

  it('is an image with its accessible name when it stands alone', () => {
    const html = renderToStaticMarkup(createElement(FastIcon, { label: 'Fast delivery' }));
    expect(html).toMatch(/^<svg[^>]* role="img"/);
    expect(html).toContain('aria-label="Fast delivery"');
    expect(html).not.toContain('aria-hidden');
  });

  it('shows an open row and a closed row with different chevrons', () => {
    const open = renderToStaticMarkup(createElement(ExpandedIcon, { open: true }));
    const closed = renderToStaticMarkup(createElement(ExpandedIcon, { open: false }));
    expect(open).toContain('<svg');
    expect(open).not.toEqual(closed);
  });
});

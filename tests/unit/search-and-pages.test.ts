import { describe, expect, it } from 'vitest';
import { SEARCH_TOO_SHORT_MESSAGE, searchAction } from '../../src/shared/ui/search-box/search-rule.ts';
import {
  DEFAULT_PAGE_SIZE,
  hasNextPage,
  hasPreviousPage,
  pageRange,
  previousPage,
} from '../../src/shared/ui/pagination/page-rules.ts';

describe('search box rule', () => {
  it('clears the filter when Enter is pressed on an empty box (issue 8), with or without the rule', () => {
    expect(searchAction('')).toBe('clear');
    expect(searchAction('   ')).toBe('clear');
  });

  it('searches with more than 2 characters', () => {
    expect(searchAction('abc')).toBe('search');
    expect(searchAction('  Aarhus  ')).toBe('search');
  });

  it('warns with fewer than 2 characters, and does nothing with exactly 2', () => {
    expect(searchAction('a')).toBe('too-short');
    expect(searchAction('ab')).toBe('ignore');
    expect(searchAction(' ab ')).toBe('ignore');
    expect(SEARCH_TOO_SHORT_MESSAGE).toBe('You must enter more than 2 characters in search field');
  });

  it('searches anything when the rule is off (product search)', () => {
    expect(searchAction('a', false)).toBe('search');
    expect(searchAction('', false)).toBe('clear');
  });
});

describe('pagination', () => {
  it('allows next only after a full page', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(hasNextPage(25)).toBe(true);
    expect(hasNextPage(24)).toBe(false);
    expect(hasNextPage(0)).toBe(false);
    expect(hasNextPage(50, 50)).toBe(true);
    expect(hasNextPage(99, 100)).toBe(false);
  });

  it('never goes below page 1', () => {
    expect(previousPage(3)).toBe(2);
    expect(previousPage(1)).toBe(1);
    expect(previousPage(0)).toBe(1);
    expect(hasPreviousPage(1)).toBe(false);
    expect(hasPreviousPage(2)).toBe(true);
  });

  it('maps a page to the PostgREST range', () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 24 });
    expect(pageRange(3)).toEqual({ from: 50, to: 74 });
    expect(pageRange(2, 50)).toEqual({ from: 50, to: 99 });
    expect(pageRange(0)).toEqual({ from: 0, to: 24 });
  });
});

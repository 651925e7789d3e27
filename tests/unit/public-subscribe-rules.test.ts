import { describe, expect, it } from 'vitest';
import { hasNearStop, type NearestStop } from '@/features/public-subscribe/near-stop';
import { formatPhoneAsTyped, isUsablePhone, phoneProblem, toSentPhone } from '@/features/public-subscribe/phone';
import { optInTexts } from '@/features/public-subscribe/texts';
import { formatDistance, visitDate, visitWindow } from '@/features/public-subscribe/visit-window';
import { toPublicLanguage } from '@/shared/public/i18n/language';
import { publicTexts } from '@/shared/public/i18n/texts';
import { enterPick, isSearchable, nextHighlight } from '@/shared/ui/address-search/address-search-rules';

const stopAt = (distanceM: number): NearestStop => ({
  routePointId: 1,
  stopUuid: null,
  address: 'Engvej 3',
  lat: 55,
  lng: 12,
  distanceM,
  upcoming: [],
});

describe('subscribe list window and dates', () => {
  it('is the estimate minus 10 to plus 20 minutes, in the site time zone', () => {
    expect(visitWindow('2026-11-26T13:15:00Z', 'Europe/Copenhagen')).toBe('14:05-14:35');
    expect(visitWindow('2026-06-26T21:55:00Z', 'Europe/Oslo')).toBe('23:45-00:15');
    expect(visitWindow(null, 'Europe/Oslo')).toBeNull();
  });

  it('names the day in Danish or Norwegian', () => {
    expect(visitDate('2026-11-26', 'dk')).toBe('torsdag 26. november');
    expect(visitDate('2026-11-26', 'no')).toBe('torsdag 26. november');
  });

  it('shows metres under 1 km, else km with one decimal', () => {
    expect(formatDistance(305.4, 'dk')).toBe('305 m');
    expect(formatDistance(1540, 'no')).toBe('1,5 km');
  });
});

describe('no near stop', () => {
  it('opens when the first stop is missing or farther than 5000 m', () => {
    expect(hasNearStop([])).toBe(false);
    expect(hasNearStop([stopAt(5000.1)])).toBe(false);
    expect(hasNearStop([stopAt(5000)])).toBe(true);
  });
});

describe('why a phone is refused', () => {
  it('waits while the customer types a short number, then says it is too short once they leave the field', () => {
    expect(phoneProblem('2012', 'DK', false)).toBeNull();
    expect(phoneProblem('2012', 'DK', true)).toBe('too_short');
    expect(phoneProblem('', 'DK', true)).toBeNull();
  });

  it('says a full number of another kind is not a valid number of the country', () => {
    expect(phoneProblem('01 23 45 67', 'DK', false)).toBe('not_valid');
    expect(phoneProblem('20 12 34 56', 'DK', true)).toBeNull();
  });

  it('has every code-step text in Danish and Norwegian', () => {
    expect(Object.keys(optInTexts.no).sort()).toEqual(Object.keys(optInTexts.dk).sort());
    for (const text of [...Object.values(optInTexts.dk), ...Object.values(optInTexts.no)]) expect(text).not.toBe('');
  });
});

describe('phone rules', () => {
  it('formats as typed for the site country and sends the calling code', () => {
    expect(formatPhoneAsTyped('22334455', 'DK')).toBe('22 33 44 55');
    expect(formatPhoneAsTyped('41234567', 'NO')).toBe('41 23 45 67');
    expect(toSentPhone('22 33 44 55', 'DK')).toBe('+4522334455');
    expect(toSentPhone('41 23 45 67', 'NO')).toBe('+4741234567');
    // A worldwide site (no country) sends the number as typed.
    expect(toSentPhone('+44 7911 123456', null)).toBe('+447911123456');
  });

  it('is usable when valid for the country and at least 8 characters long', () => {
    expect(isUsablePhone('22 33 44 55', 'DK')).toBe(true);
    expect(isUsablePhone('2233445', 'DK')).toBe(false);
    expect(isUsablePhone('12 34 56 78', 'DK')).toBe(false);
    expect(isUsablePhone('41 23 45 67', 'NO')).toBe(true);
  });
});

describe('address search rules', () => {
  it('searches from 3 characters', () => {
    expect(isSearchable('ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });

  it('arrows cycle, Enter picks the highlighted or the first', () => {
    expect(nextHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(nextHighlight(0, 3, 'ArrowUp')).toBe(2);
    expect(nextHighlight(-1, 0, 'ArrowDown')).toBe(-1);
    expect(enterPick(-1, 3)).toBe(0);
    expect(enterPick(1, 3)).toBe(1);
    expect(enterPick(0, 0)).toBe(-1);
  });
});

describe('public texts', () => {
  it('dk selects Danish, anything else Norwegian; both catalogues have the same keys', () => {
    expect(toPublicLanguage('dk')).toBe('dk');
    expect(toPublicLanguage('no')).toBe('no');
    expect(toPublicLanguage('xx')).toBe('no');
    expect(Object.keys(publicTexts.dk).sort()).toEqual(Object.keys(publicTexts.no).sort());
    expect(publicTexts.dk.smsService).toBe('SMS-service');
  });
});

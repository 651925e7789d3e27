import { describe, expect, it } from 'vitest';
import { smsSkipReasonWord, stockKindWord } from '@/shared/vocabulary/code-words';

describe('code words', () => {
  it('writes stock kinds as words', () => {
    expect(stockKindWord('write_off')).toBe('Write-off');
    expect(stockKindWord('win_lose')).toBe('Win/lose');
    expect(stockKindWord('manual_counting')).toBe('Manual counting');
  });

  it('writes skip reasons as words, each of several', () => {
    expect(smsSkipReasonWord('no_sms_permission')).toBe('No SMS permission');
    expect(smsSkipReasonWord('no_sms_permission, invalid_phone')).toBe('No SMS permission, Invalid phone number');
    expect(smsSkipReasonWord('some_new_reason')).toBe('some new reason');
  });
});

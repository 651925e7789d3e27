import { describe, expect, it } from 'vitest';
import { interpolate, serverMessage, serverMessages } from '../../src/shared/errors/server-messages.ts';

describe('server messages', () => {
  it("are Rails' default texts", () => {
    expect(serverMessages).toEqual({
      blank: "can't be blank",
      too_long: 'is too long (maximum is %{count} characters)',
      too_short: 'is too short (minimum is %{count} characters)',
      not_a_number: 'is not a number',
      not_an_integer: 'must be an integer',
      greater_than: 'must be greater than %{count}',
      greater_than_or_equal_to: 'must be greater than or equal to %{count}',
      less_than: 'must be less than %{count}',
      less_than_or_equal_to: 'must be less than or equal to %{count}',
      equal_to: 'must be equal to %{count}',
      taken: 'has already been taken',
      invalid: 'is invalid',
      not_found: 'not found',
      expired: 'has expired, please request a new one',
      confirmation: "doesn't match %{attribute}",
    });
  });

  it('fill in counts and attributes', () => {
    expect(serverMessage('too_long', { count: 120 })).toBe('is too long (maximum is 120 characters)');
    expect(serverMessage('too_short', { count: 6 })).toBe('is too short (minimum is 6 characters)');
    expect(serverMessage('greater_than_or_equal_to', { count: 0 })).toBe('must be greater than or equal to 0');
    expect(serverMessage('confirmation', { attribute: 'Password' })).toBe("doesn't match Password");
    expect(serverMessage('blank')).toBe("can't be blank");
  });

  it('leave a placeholder without a value as it is', () => {
    expect(serverMessage('less_than')).toBe('must be less than %{count}');
    expect(interpolate('%{a} and %{b}', { a: 1 })).toBe('1 and %{b}');
  });
});

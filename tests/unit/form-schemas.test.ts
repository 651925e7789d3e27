import { describe, expect, it } from 'vitest';
import { carInputSchema, newCarValues } from '../../src/features/cars/car-form-values.ts';

// Issue 8: the client checks what the database would (a car mobile number "abc" was saved with a success message).
const car = (mobile_number: string) => ({
  ...newCarValues(1),
  internal_number: 'HJ-900',
  plate_number: 'AB 12345',
  mobile_number,
});

describe('the car form schema', () => {
  it('refuses a mobile number that is not a phone number, under its field', () => {
    const result = carInputSchema.safeParse(car('abc'));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['mobile_number', 'is invalid'],
    ]);
    expect(carInputSchema.safeParse(car('1234')).success).toBe(false);
  });

  it('accepts phone numbers as staff type them, and none', () => {
    expect(carInputSchema.safeParse(car('+45 20 20 20 20')).success).toBe(true);
    expect(carInputSchema.safeParse(car('+4520202020')).success).toBe(true);
    const blank = carInputSchema.safeParse(car(''));
    expect(blank.success && blank.data.mobile_number).toBe(null);
  });

  it("requires the internal and plate numbers with the spec's text", () => {
    const result = carInputSchema.safeParse({ ...car(''), internal_number: ' ', plate_number: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["can't be blank", "can't be blank"]);
  });
});

import { describe, expect, it } from 'vitest';
import { familyOfHallKey, hallKeyOf } from './hall-key';

describe('/lotteryHall?key=', () => {
  it('takes a lottery type number, as the spec writes it', () => {
    expect(familyOfHallKey('8')).toBe('LHC');
    expect(familyOfHallKey('1')).toBe('K3');
    expect(familyOfHallKey('15')).toBe('BJ28');
  });

  it('takes the family code the app links with', () => {
    expect(familyOfHallKey('PK10')).toBe('PK10');
    expect(familyOfHallKey('lhc')).toBe('LHC');
  });

  it('names nothing for an unknown or missing key', () => {
    expect(familyOfHallKey('9')).toBeUndefined();
    expect(familyOfHallKey('xyz')).toBeUndefined();
    expect(familyOfHallKey(null)).toBeUndefined();
  });
});

describe('the key the app writes', () => {
  it('is the lottery type, and reads back as the family', () => {
    expect(hallKeyOf('LHC')).toBe('8');
    expect(familyOfHallKey(hallKeyOf('STOCK'))).toBe('STOCK');
  });
});

import { describe, expect, it } from 'vitest';
import { examplePhone, formatPhone, splitPhone, toE164 } from './phone';

describe('phone numbers', () => {
  it('read national numbers with spaces or dashes', () => {
    expect(toE164('CY', '99 123456')).toBe('+35799123456');
    expect(toE164('CY', '99-123-456')).toBe('+35799123456');
    expect(toE164('cy', ' 99123456 ')).toBe('+35799123456');
    expect(toE164('GR', '6912345678')).toBe('+306912345678');
    expect(toE164('GR', '691 234 5678')).toBe('+306912345678');
  });
  it('read full international numbers whatever the country chosen', () => {
    expect(toE164('CY', '+44 7400 123456')).toBe('+447400123456');
    expect(toE164('GR', '+357 99 123456')).toBe('+35799123456');
    expect(toE164('CY', '00357 99 123456')).toBe('+35799123456');
  });
  it('refuse what is not a valid number', () => {
    expect(toE164('CY', '')).toBeNull();
    expect(toE164('CY', '12345')).toBeNull();
    expect(toE164('CY', '99 12345')).toBeNull();
    expect(toE164('CY', '6912345678')).toBeNull();
    expect(toE164('GR', '99 123456')).toBeNull();
    expect(toE164('CY', '+44 12')).toBeNull();
    expect(toE164('CY', 'call 99123456')).toBeNull();
    expect(toE164('CY', '99123456 ext. 12')).toBeNull();
    expect(toE164('CY', '+800 1234 5678')).toBeNull();
    expect(toE164('XX', '99 123456')).toBeNull();
  });
  it('format stored numbers for display', () => {
    expect(formatPhone('+35799123456')).toBe('+357 99 123456');
    expect(formatPhone('+306912345678')).toBe('+30 691 234 5678');
    expect(formatPhone('not a number')).toBe('not a number');
  });
  it('split stored numbers back into a country and a national number', () => {
    expect(splitPhone('+35799123456')).toEqual({ country: 'CY', national: '99 123456' });
    expect(splitPhone('+447400123456')).toEqual({ country: 'GB', national: '07400 123456' });
    expect(splitPhone('+35712')).toBeNull();
  });
  it('give an example number for a placeholder', () => {
    expect(toE164('CY', examplePhone('CY'))).not.toBeNull();
    expect(toE164('GR', examplePhone('GR'))).not.toBeNull();
    expect(examplePhone('XX')).toBe('');
  });
});

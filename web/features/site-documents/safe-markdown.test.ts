import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-markdown';

describe('safeUrl', () => {
  it('keeps web and mail links and drops every other scheme', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('mailto:privacy@example.com')).toBe('mailto:privacy@example.com');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl(' JavaScript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,<script>alert(1)</script>')).toBe('');
    expect(safeUrl('vbscript:msgbox')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { cspDirectives, cspSourceOf, fileOriginOf } from './content-security-policy';

describe('content security policy', () => {
  it('takes the scheme and host of a URL, a tile subdomain as a wildcard', () => {
    expect(cspSourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(cspSourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(cspSourceOf('http://127.0.0.1:8089/search')).toBe('http://127.0.0.1:8089');
    expect(() => cspSourceOf('javascript:alert(1)')).toThrow();
  });

  it('upgrades insecure requests only on an https site', () => {
    const maps = { geocoderUrl: 'https://geo.example.org', tileUrl: 'https://t.example.org/{z}/{x}/{y}.png' };
    expect(
      cspDirectives({ publicUrl: 'https://clips.example.org', maps })['upgrade-insecure-requests'],
    ).toEqual([]);
    expect(
      cspDirectives({ publicUrl: 'http://localhost:3000', maps })['upgrade-insecure-requests'],
    ).toBeNull();
    expect(cspDirectives({ publicUrl: 'http://localhost:3000', maps })['connect-src']).toEqual([
      "'self'",
      'https://geo.example.org',
    ]);
  });

  it('lets images and the player load files from a bucket, and adds nothing for files of our own', () => {
    const maps = { geocoderUrl: 'https://geo.example.org', tileUrl: 'https://t.example.org/{z}/{x}/{y}.png' };
    expect(fileOriginOf('/files/public/x')).toBeNull();
    const bucket = fileOriginOf('https://clips.s3.eu-west-1.amazonaws.com/public/x');
    expect(bucket).toBe('https://clips.s3.eu-west-1.amazonaws.com');
    const directives = cspDirectives({ publicUrl: 'https://clips.example.org', maps }, bucket);
    expect(directives['media-src']).toContain('https://clips.s3.eu-west-1.amazonaws.com');
    expect(directives['img-src']).toContain('https://clips.s3.eu-west-1.amazonaws.com');
    expect(cspDirectives({ publicUrl: 'https://clips.example.org', maps })['media-src']).toEqual([
      "'self'",
      'blob:',
    ]);
  });
});

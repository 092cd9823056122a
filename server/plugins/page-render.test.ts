import { describe, expect, it } from 'vitest';
import { fillTemplate, visitorLanguage } from './page-render';

const asking = (headers: Record<string, string>) => ({ headers });

describe("a rendered page's language", () => {
  it("follows the browser's languages in their order of preference", () => {
    expect(visitorLanguage(asking({ 'accept-language': 'el-GR,el;q=0.9,en;q=0.8' }))).toBe('el');
    expect(visitorLanguage(asking({ 'accept-language': 'fr-FR,en;q=0.5,el;q=0.4' }))).toBe('en');
  });

  it('takes the language chosen with the flags (the cookie) over the browser', () => {
    const headers = { 'accept-language': 'en-GB', cookie: 'theme=x; language=el; other=y' };
    expect(visitorLanguage(asking(headers))).toBe('el');
  });

  it('falls back to English for a language we do not have or a cookie we did not write', () => {
    expect(visitorLanguage(asking({ 'accept-language': 'de-DE' }))).toBe('en');
    expect(visitorLanguage(asking({ cookie: 'language=xx' }))).toBe('en');
    expect(visitorLanguage(asking({}))).toBe('en');
  });
});

describe('filling the app page with a rendered screen', () => {
  // The shape Vite writes (web/index.html after the build).
  const template = [
    '<!doctype html>',
    '<html lang="en" data-mantine-color-scheme="light">',
    '<head>',
    '<title>Clipmarket</title>',
    '<script type="module" crossorigin src="/assets/main-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-def.js">',
    '<link rel="stylesheet" crossorigin href="/assets/main-ghi.css">',
    '</head>',
    '<body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
  const html = '<link rel="preload" as="image" href="/files/a.jpg" fetchPriority="high"/><main>Hi</main>';
  const page = fillTemplate(template, 'el', html, { title: '</script><script>alert(1)</script>' });

  it('puts the markup in #root and the language on <html>', () => {
    expect(page).toContain('<html lang="el" data-mantine-color-scheme="light">');
    expect(page).toContain('<div id="root"><main>Hi</main></div>');
  });

  it("moves the first pictures' preloads into <head>, ahead of everything else", () => {
    expect(page.indexOf('<link rel="preload" as="image" href="/files/a.jpg"')).toBeLessThan(
      page.indexOf('<title>'),
    );
  });

  it('asks for the scripts through start-app.js once painted, and preloads none before', () => {
    expect(page).toContain('<script src="/start-app.js" data-app="/assets/main-abc.js" defer></script>');
    expect(page).not.toContain('modulepreload');
    expect(page).not.toContain('type="module"');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/main-ghi.css">');
  });

  it('hands the data over in a JSON block no text can close', () => {
    const block = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(page);
    expect(block).not.toBeNull();
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ title: '</script><script>alert(1)</script>' });
  });
});

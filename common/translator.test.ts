import { describe, expect, it } from 'vitest';
import el from './i18n/el.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import { interpolate, supportedLanguage, Translator } from './translator';

const texts = {
  en: {
    videos: {
      count_zero: 'No videos',
      count_one: '{{count}} video',
      count_other: '{{count}} videos',
      by: 'By {{name}}, {{ name }} again',
    },
    plain: 'Plain',
  },
  el: { videos: { count_one: '{{count}} βίντεο', count_other: '{{count}} βίντεο' }, plain: 'Απλό' },
};

describe('the translator', () => {
  it('reads nested sections, fills placeholders and shows the key of a missing text', () => {
    const t = new Translator('en', texts).t;
    expect(t('plain')).toBe('Plain');
    expect(t('videos.by', { name: 'Ana' })).toBe('By Ana, Ana again');
    expect(t('videos.missing')).toBe('videos.missing');
    expect(t('videos')).toBe('videos');
    // A placeholder given no value stays visible rather than vanishing from the sentence.
    expect(interpolate('Hi {{name}}', {})).toBe('Hi {{name}}');
  });

  it("picks the plural form by the language's rules, with the zero form where a text has one", () => {
    const translator = new Translator('en', texts);
    expect([0, 1, 2, 21].map((count) => translator.t('videos.count', { count }))).toEqual([
      'No videos',
      '1 video',
      '2 videos',
      '21 videos',
    ]);
    const inGreek = translator.getFixedT('el');
    expect([0, 1, 5].map((count) => inGreek('videos.count', { count }))).toEqual([
      '0 βίντεο',
      '1 βίντεο',
      '5 βίντεο',
    ]);
  });

  it('switches language once its texts are in, tells the page, and ignores an unsupported one', async () => {
    const loaded: string[] = [];
    const translator: Translator = new Translator('en', { en: texts.en }, async (language) => {
      loaded.push(language);
      translator.addTexts(language, texts[language]);
    });
    const changes: string[] = [];
    translator.onLanguageChanged((language) => changes.push(language));
    await translator.changeLanguage('el-GR');
    expect(translator.t('plain')).toBe('Απλό');
    await translator.changeLanguage('fr');
    expect([translator.language, loaded, changes]).toEqual(['el', ['el'], ['el']]);
    expect([supportedLanguage('EN-us'), supportedLanguage('de'), supportedLanguage(null)]).toEqual([
      'en',
      undefined,
      undefined,
    ]);
  });

  it('adds later sections without changing the texts already there', () => {
    const translator = new Translator('en', { en: { a: { one: 'One' } } });
    translator.addTexts('en', { a: { one: 'Changed', two: 'Two' }, b: 'Bee' });
    expect(['a.one', 'a.two', 'b'].map((key) => translator.t(key))).toEqual(['One', 'Two', 'Bee']);
  });

  it("reads the app's own files: every plural text takes its count, in both languages", () => {
    const translator = new Translator('en', { en, el });
    expect(translator.getFixedT('el')('app.loading')).not.toBe('app.loading');
    const plurals = (node: object, path: string[] = []): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'object'
          ? plurals(value, [...path, key])
          : key.endsWith('_one')
            ? [[...path, key].join('.')]
            : [],
      );
    for (const key of plurals(en)) {
      const base = key.replace(/_one$/, '');
      for (const language of ['en', 'el'] as const)
        expect(translator.translate(language, base, { count: 7 }), `${language} ${base}`).toContain('7');
    }
  });
});

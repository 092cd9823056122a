import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import el from '../../common/i18n/el.json';
import en from '../../common/i18n/en.json';
import { Translator } from '../../common/translator';
import { Trans, TranslatorContext, useTranslation } from './translation';

const render = (language: 'en' | 'el', node: React.ReactNode) =>
  renderToString(<TranslatorContext value={new Translator(language, { en, el })}>{node}</TranslatorContext>);

function Greeting() {
  const { t, i18n } = useTranslation();
  return <p lang={i18n.language}>{t('app.loading')}</p>;
}

describe('texts on screen', () => {
  it('reads the translator the page gives, in its language', () => {
    expect(render('en', <Greeting />)).toBe(`<p lang="en">${en.app.loading}</p>`);
    expect(render('el', <Greeting />)).toBe(`<p lang="el">${el.app.loading}</p>`);
  });

  it('puts the marked words of a text in the given elements, and a value in as plain text', () => {
    // The app passes links; any element takes the words the same way.
    const links = { terms: <em className="terms" />, privacy: <strong /> };
    expect(render('en', <Trans i18nKey="auth.signUpTerms" components={links} />)).toBe(
      'By signing up you agree to the <em class="terms">Terms of Service</em> and the <strong>Privacy Policy</strong>.',
    );
    expect(
      render(
        'el',
        <Trans
          i18nKey="verification.email.intro"
          values={{ email: '<i>x</i>@y.gr' }}
          components={{ b: <b /> }}
        />,
      ),
    ).toBe('Θα στείλουμε έναν εξαψήφιο κωδικό στο <b>&lt;i&gt;x&lt;/i&gt;@y.gr</b>.');
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGES } from '../../../common/constants';
import { errorMessageKey } from '../../lib/error-message';
import { openOverlay } from '../../lib/overlays';
import { usePublicConfig } from '../../lib/public-config';
import { showTextToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { applyEmailLinkCode } from './api';

/** Query parameters that e-mail links carry and that leave the address once read (SPEC 2.1). */
const ACTION_PARAMS = ['mode', 'oobCode', 'apiKey', 'lang', 'socialError', 'error', 'linked'];

/**
 * Runs what a link brings on load, then removes its parameters from the address (SPEC 2.1, 4.7, 8.4):
 * - an e-mail link, in the link's language: `mode=resetPassword&oobCode=…` opens the new-password form;
 *   `verifyEmail` confirms a new sign-in e-mail, `recoverEmail` takes an old one back (both sign out);
 * - a social sign-in that failed: `socialError=<provider>&error=…`; when the e-mail already has an
 *   account, the merge-accounts overlay opens instead of an error;
 * - a social account just linked: `linked=<provider>`.
 */
export function AuthActions() {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode');
  const linkKey = params.toString();
  const lang = params.get('lang');
  const socialError = params.get('socialError');
  const error = params.get('error');
  const linked = params.get('linked');
  const config = usePublicConfig();

  const client = useQueryClient();
  const handled = useRef('');
  const applyEmailLink = useEffectEvent((action: 'verifyEmail' | 'recoverEmail', oobCode: string) => {
    applyEmailLinkCode(action, oobCode).then(
      async () => {
        // The server ended every session of the account. A session read still under way (the page has
        // just loaded) would land after this and show the person signed in: cancel it first.
        await client.cancelQueries({ queryKey: ['session'] });
        client.setQueryData(['session'], null);
        if (action === 'verifyEmail') {
          showTextToast('success', 'auth.emailVerified');
          openOverlay('auth', { view: 'signIn' });
        } else {
          showTextToast('success', 'auth.emailRestored');
        }
      },
      (error) => showTextToast('danger', () => errorMessageKey(error, i18n)),
    );
  });

  useEffect(() => {
    if (!mode && !code && !socialError && !linked) return;
    if ((socialError || linked) && !config) return; // wait for the providers' names
    // The address changes a moment after we ask: act once per link, however often this runs until then.
    if (handled.current === linkKey) return;
    handled.current = linkKey;
    const providerName = (id: string) =>
      config?.socialProviders.find((provider) => provider.id === id)?.name ?? id;
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) void i18n.changeLanguage(lang);
    if (mode === 'resetPassword' && code) openOverlay('auth', { view: 'setPassword', code });
    if (mode === 'verifyEmail' && code) applyEmailLink('verifyEmail', code);
    if (mode === 'recoverEmail' && code) applyEmailLink('recoverEmail', code);
    if (socialError && error === 'account_not_linked')
      openOverlay('auth', { view: 'mergeAccounts', provider: socialError });
    else if (socialError)
      showTextToast('danger', 'auth.socialFailed', { provider: providerName(socialError) });
    if (linked) showTextToast('success', 'auth.linked', { provider: providerName(linked) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ACTION_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [linkKey, mode, code, lang, socialError, error, linked, config, i18n, setParams]);

  return null;
}

import { DEFAULT_LANGUAGE, LANGUAGES, type Language, VERIFICATION_LIMITS } from '../../../common/constants';
import el from '../../../common/i18n/el.json' with { type: 'json' };
import en from '../../../common/i18n/en.json' with { type: 'json' };
import { type TFunction, Translator } from '../../../common/translator';
import type { Mail } from '../../adapters/mail/mailer';

const translations = new Translator(DEFAULT_LANGUAGE, { en, el });

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The app's texts in one language, for documents the server makes (the license certificate). */
export function textsIn(language: Language): TFunction {
  return translations.getFixedT(language);
}

export function languageOf(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** One message with a greeting, paragraphs, maybe a code to type and maybe one button, in text and HTML. */
function compose(
  t: TFunction,
  to: string,
  parts: { subject: string; paragraphs: string[]; code?: string; action?: { label: string; url: string } },
): Mail {
  const greeting = t('mail.greeting');
  const signature = t('mail.signature');
  const text = [
    greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.code ? [parts.code, ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    signature,
  ].join('\n');
  const code = parts.code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(parts.code)}</p>`
    : '';
  const action = parts.action
    ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:10px 18px;background:#0b7285;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(parts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${code}${action}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to, subject: parts.subject, text, html };
}

/** The address an e-mail link opens: the app, which runs the action (features/auth/auth-actions.tsx). */
export function actionLink(publicUrl: string, mode: string, code: string, language: Language): string {
  return `${publicUrl}/?mode=${mode}&oobCode=${encodeURIComponent(code)}&lang=${language}`;
}

/** The messages that carry one link: their texts are i18n keys under `mail.<kind>`. */
const ACTION_MAILS = {
  resetPassword: ['body', 'expiry'],
  signUpAttempt: ['body', 'next'],
  signInPaused: ['body', 'next'],
  verifyEmail: ['body', 'expiry'],
  emailChanged: ['body', 'recover'],
  videoReceived: ['body', 'next'],
  videoDuplicate: ['body', 'next'],
  videoNotAVideo: ['body', 'next'],
  videoApproved: ['body', 'next'],
  videoDeclined: ['body', 'reason', 'next'],
  videoReady: ['body', 'next'],
  videoArchived: ['body', 'next'],
  videoRejectedByYoutube: ['body', 'next'],
  editSuggestionApplied: ['body', 'next'],
  editSuggestionRejected: ['body', 'reason', 'next'],
  licenseSold: ['body', 'licenseType', 'scope', 'share', 'available'],
  referralBonusEarned: ['body', 'available'],
  licensePaid: ['body', 'licenseType', 'usage', 'reference', 'next'],
  licenseRequestOpened: ['body', 'usage'],
  licenseMessage: ['body', 'message'],
  licenseQuoted: ['body', 'next'],
  licenseCancelledByManager: ['body', 'reason'],
  licenseCancelledByBuyer: ['body'],
  licenseRefunded: ['body', 'reason', 'next'],
  withdrawalPaid: ['body', 'reference'],
  withdrawalRejected: ['body', 'reason', 'next'],
  withdrawalFailed: ['body', 'next'],
  monthlyStatement: ['body', 'attached'],
} as const;
export type ActionMailKind = keyof typeof ACTION_MAILS;

/** A message with one button (reset, confirm, recover), in the recipient's language. */
export function actionMail(
  kind: ActionMailKind,
  message: { to: string; language: Language; url: string; params?: Record<string, string> },
): Mail {
  const t = translations.getFixedT(message.language);
  return compose(t, message.to, {
    subject: t(`mail.${kind}.subject`, message.params),
    paragraphs: ACTION_MAILS[kind].map((part) => t(`mail.${kind}.${part}`, message.params)),
    action: { label: t(`mail.${kind}.action`, message.params), url: message.url },
  });
}

/** The e-mail with a verification code to type into the verification modal (SPEC 2.5 step 1). */
export function codeMail(message: { to: string; language: Language; code: string }): Mail {
  const t = translations.getFixedT(message.language);
  const params = { code: message.code, minutes: VERIFICATION_LIMITS.codeTtlMinutes };
  return compose(t, message.to, {
    subject: t('mail.verificationCode.subject', params),
    paragraphs: [t('mail.verificationCode.body', params), t('mail.verificationCode.expiry', params)],
    code: message.code,
  });
}

/** The SMS with a phone verification code, in the user's language. */
export function codeSms(language: Language, code: string): string {
  return translations.getFixedT(language)('sms.verificationCode', {
    code,
    minutes: VERIFICATION_LIMITS.codeTtlMinutes,
  });
}

import { buildPath, ROUTES } from '../../../common/routes';
import type { Mail } from '../../adapters/mail/mailer';
import { escapeHtml, languageOf, textsIn } from '../mail/mail-templates';

/** A video an alert tells of: what the buyer needs to judge it before opening it. */
export interface AlertVideo {
  id: string;
  title: string;
  /** Absolute URL of the thumbnail, if it has one. */
  thumbnailUrl: string | null;
  place: string | null;
  /** The day it was filmed, `YYYY-MM-DD`. */
  date: string | null;
}

/** The day in the reader's language ("3 December 2026"), read as the calendar day it is. */
function longDate(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The e-mail of a standing request's new matches, in the owner's language: each clip with its thumbnail,
 * place and filming day and a link, then the link to the owner's requests and a one-click unsubscribe for
 * this request alone. `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058) lets the mail program
 * offer the same without opening the message.
 */
export function standingRequestMail(message: {
  to: string;
  language: string | null;
  name: string;
  videos: AlertVideo[];
  publicUrl: string;
  /** The API's one-click address (a POST) and the page a person opens (which posts it). */
  unsubscribe: { oneClickUrl: string; pageUrl: string };
}): Mail {
  const language = languageOf(message.language);
  const t = textsIn(language);
  const params = { name: message.name, count: message.videos.length };
  const manageUrl = `${message.publicUrl}${ROUTES.myStandingRequests}`;
  const clips = message.videos.map((video) => ({
    ...video,
    url: `${message.publicUrl}${buildPath(ROUTES.video, { videoId: video.id })}`,
    facts: [video.date && longDate(video.date, language), video.place].filter(Boolean).join(' · '),
  }));
  const lines = [
    t('mail.greeting'),
    '',
    t('mail.standingRequestMatch.body', params),
    '',
    ...clips.flatMap((clip) => [clip.title, ...(clip.facts ? [clip.facts] : []), clip.url, '']),
    `${t('mail.standingRequestMatch.manage')}: ${manageUrl}`,
    `${t('mail.standingRequestMatch.unsubscribe', params)}: ${message.unsubscribe.pageUrl}`,
    '',
    t('mail.signature'),
  ];
  const clipHtml = clips
    .map(
      (clip) =>
        `<tr><td style="padding:8px 12px 8px 0;vertical-align:top">${
          clip.thumbnailUrl
            ? `<a href="${escapeHtml(clip.url)}"><img src="${escapeHtml(clip.thumbnailUrl)}" alt="" width="160" style="border-radius:6px;display:block"></a>`
            : ''
        }</td><td style="padding:8px 0;vertical-align:top"><a href="${escapeHtml(clip.url)}" style="color:#0b7285;font-weight:600">${escapeHtml(clip.title)}</a>${
          clip.facts ? `<br><span style="color:#555">${escapeHtml(clip.facts)}</span>` : ''
        }</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t('mail.greeting'))}</p>
<p>${escapeHtml(t('mail.standingRequestMatch.body', params))}</p>
<table role="presentation" cellspacing="0" cellpadding="0">${clipHtml}</table>
<p><a href="${escapeHtml(manageUrl)}">${escapeHtml(t('mail.standingRequestMatch.manage'))}</a></p>
<p>${escapeHtml(t('mail.signature'))}</p>
<p style="color:#666;font-size:13px"><a href="${escapeHtml(message.unsubscribe.pageUrl)}" style="color:#666">${escapeHtml(t('mail.standingRequestMatch.unsubscribe', params))}</a></p>
</body></html>`;
  return {
    to: message.to,
    subject: t('mail.standingRequestMatch.subject', params),
    text: lines.join('\n'),
    html,
    headers: {
      'List-Unsubscribe': `<${message.unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

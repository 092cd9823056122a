import { describe, expect, it } from 'vitest';
import { tvVideoFields } from './tv';
import { editSuggestionBody } from './video-edits';
import { videoSubmissionBody } from './video-submission';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the video text rules, the same in the upload, edit and TV forms', () => {
  const text = { title: 'Waves', description: 'Storm waves.', keywords: '', externalUrl: '' };
  const check = (change: Partial<typeof text>) => ({
    upload: messagesOf(
      videoSubmissionBody
        .pick({ title: true, description: true, keywords: true, externalUrl: true })
        .safeParse({ ...text, ...change }),
    ),
    edit: messagesOf(editSuggestionBody.safeParse({ ...text, ...change })),
    tv: messagesOf(
      tvVideoFields.omit({ fileName: true }).safeParse({
        title: change.title ?? text.title,
        description: change.description ?? text.description,
        keywordsString: change.keywords ?? text.keywords,
        youtubeUrl: change.externalUrl ?? text.externalUrl,
      }),
    ),
  });

  it('accept a link to one video on the external site, and refuse any other link', () => {
    expect(check({ externalUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({ upload: [], edit: [], tv: [] });
    expect(check({ externalUrl: 'https://vimeo.com/123456' })).toEqual({
      upload: ['upload.errors.externalUrlInvalid'],
      edit: ['edit.errors.externalUrlInvalid'],
      tv: ['tv.form.errors.youtubeUrlInvalid'],
    });
  });

  it('refuse angle brackets and a title over 100 characters in every form', () => {
    expect(check({ title: 'x'.repeat(101) })).toEqual({
      upload: ['upload.errors.titleMaxLength'],
      edit: ['edit.errors.titleMaxLength'],
      tv: ['tv.form.errors.titleMaxLength'],
    });
    expect(check({ keywords: 'a, <b>' })).toEqual({
      upload: ['upload.errors.keywordsAllowedChars'],
      edit: ['edit.errors.allowedChars'],
      tv: ['tv.form.errors.keywordsInvalid'],
    });
  });
});

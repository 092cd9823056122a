import { describe, expect, it } from 'vitest';
import { videoEditBody } from './video-edits';
import { videoSubmissionBody } from './video-submission';

const uploadWhen = videoSubmissionBody.pick({ date: true, time: true });
const editWhen = videoEditBody.pick({ date: true, time: true });
const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the shooting date and time, the same in the upload and edit forms', () => {
  const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;

  it('refuse a day that does not exist and a day in the future', () => {
    for (const date of ['2026-02-30', nextYear]) {
      const upload = messagesOf(uploadWhen.safeParse({ date, time: null }));
      const edit = messagesOf(editWhen.safeParse({ date, time: null }));
      expect(edit).toEqual(upload.map((key) => key.replace('upload.', 'edit.')));
      expect(edit).toHaveLength(1);
    }
  });

  it('read an empty date or time as unknown', () => {
    expect(editWhen.parse({ date: '', time: '' })).toEqual({ date: null, time: null });
    expect(uploadWhen.parse({ date: '2026-06-01', time: '18:30' })).toEqual({
      date: '2026-06-01',
      time: '18:30',
    });
  });
});

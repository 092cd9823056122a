import { describe, expect, it } from 'vitest';
import { VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';
import { isVideoStaff } from './staff.policy';
import { canEditVideo, canViewVideo, listablePrivacy } from './video.policy';
import {
  canRetryPublishing,
  checkStatusTransition,
  nextStatuses,
  type StatusReason,
} from './video-moderation.policy';

/** A reason in words, as `other`. */
const said = (text: string): StatusReason => ({ text, code: 'other' });

const ON = { publishing: true };
const OFF = { publishing: false };

/** Every from -> to pair with publishing on, as the review screens and the status route rely on it. */
const TABLE: Record<VideoStatus, string> = {
  not_uploaded: '',
  not_verified: 'approved declined ready archived',
  duplicate: 'declined archived',
  declined: 'approved ready archived',
  approved: 'declined ready archived',
  yt_upload_retry: 'declined ready archived',
  yt_upload_error: 'declined ready archived',
  yt_removed: 'declined archived',
  yt_uploaded: 'declined ready archived',
  ready: 'approved declined archived',
  archived: 'approved declined ready',
};

describe('checkStatusTransition', () => {
  for (const from of VIDEO_STATUSES) {
    for (const to of VIDEO_STATUSES) {
      const allowed = TABLE[from].split(' ').includes(to);
      it(`${from} -> ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(checkStatusTransition(from, to, said('because'), ON)).toBe(
          allowed ? 'allowed' : 'not_allowed',
        );
      });
    }
  }

  it('with publishing off, allows approving only where marking ready is allowed too', () => {
    for (const from of VIDEO_STATUSES) {
      for (const to of VIDEO_STATUSES) {
        const offVerdict = checkStatusTransition(from, to, said('because'), OFF);
        if (to === 'approved') {
          const both =
            checkStatusTransition(from, 'approved', said('because'), ON) === 'allowed' &&
            checkStatusTransition(from, 'ready', said('because'), OFF) === 'allowed';
          expect(offVerdict, `${from} -> approved`).toBe(both ? 'allowed' : 'not_allowed');
        } else {
          expect(offVerdict, `${from} -> ${to}`).toBe(checkStatusTransition(from, to, said('because'), ON));
        }
      }
    }
    expect(checkStatusTransition('ready', 'approved', said(''), OFF)).toBe('not_allowed');
    expect(checkStatusTransition('ready', 'approved', said(''), ON)).toBe('allowed');
  });

  it('offers staff one button for the same outcome: with publishing off, approve and not also mark ready', () => {
    expect(nextStatuses('not_verified', OFF)).toEqual(['approved', 'declined', 'archived']);
    expect(nextStatuses('not_verified', ON)).toEqual(['approved', 'declined', 'ready', 'archived']);
    expect(nextStatuses('approved', OFF)).toEqual(['declined', 'ready', 'archived']);
    expect(nextStatuses('duplicate', OFF)).toEqual(['declined', 'archived']);
  });

  it('offers a retry of publishing only after a final failure, and only with publishing on', () => {
    for (const status of VIDEO_STATUSES) {
      expect(canRetryPublishing(status, ON)).toBe(status === 'yt_upload_error');
      expect(canRetryPublishing(status, OFF)).toBe(false);
    }
  });

  it('never lets anyone set not_uploaded, not_verified, duplicate or a YouTube status', () => {
    for (const from of VIDEO_STATUSES) {
      for (const to of ['not_uploaded', 'not_verified', 'duplicate', 'yt_uploaded', 'yt_removed'] as const) {
        expect(checkStatusTransition(from, to, said('x'), ON)).toBe('not_allowed');
        expect(checkStatusTransition(from, to, said('x'), OFF)).toBe('not_allowed');
      }
    }
  });

  it('asks a reason for a decline, and none for the others', () => {
    expect(checkStatusTransition('not_verified', 'declined', said(''), OFF)).toBe('reason_required');
    expect(checkStatusTransition('duplicate', 'declined', said('   '), OFF)).toBe('reason_required');
    expect(checkStatusTransition('not_verified', 'approved', said(''), OFF)).toBe('allowed');
    expect(checkStatusTransition('duplicate', 'archived', said(''), OFF)).toBe('allowed');
    // A reason of the list says why on its own; only `other` needs words.
    expect(checkStatusTransition('not_verified', 'declined', { text: '', code: 'poor_quality' }, OFF)).toBe(
      'allowed',
    );
    // A reason of the list says why on its own; only `other` needs words.
    expect(checkStatusTransition('not_verified', 'declined', { text: '', code: 'poor_quality' }, OFF)).toBe(
      'allowed',
    );
  });
});

describe('who moderates and edits', () => {
  const owner = { id: 'o', rights: [] };
  it('knows staff by manage_videos or admin', () => {
    expect(isVideoStaff({ rights: ['manage_videos'] })).toBe(true);
    expect(isVideoStaff({ rights: ['admin'] })).toBe(true);
    expect(isVideoStaff({ rights: [] })).toBe(false);
    expect(isVideoStaff(null)).toBe(false);
  });
  it('lets the owner and staff edit, nobody else', () => {
    expect(canEditVideo(owner, { userId: 'o' })).toBe(true);
    expect(canEditVideo({ id: 's', rights: ['manage_videos'] }, { userId: 'o' })).toBe(true);
    expect(canEditVideo({ id: 'x', rights: [] }, { userId: 'o' })).toBe(false);
    expect(canEditVideo(null, { userId: 'o' })).toBe(false);
  });
});

describe('privacy in the visibility policy', () => {
  const owner = { id: 'o', rights: [], verified: true };
  const stranger = { id: 's', rights: [], verified: true };
  const staff = { id: 'm', rights: ['manage_videos'], verified: true };
  it('shows a private video to its owner and staff only; an unlisted one opens like a public one', () => {
    for (const privacy of ['public', 'unlisted', 'private']) {
      const video = { userId: 'o', status: 'ready', privacy };
      expect(canViewVideo(owner, video)).toBe(true);
      expect(canViewVideo(staff, video)).toBe(true);
      expect(canViewVideo(stranger, video)).toBe(privacy !== 'private');
      expect(canViewVideo(null, video)).toBe(privacy !== 'private');
    }
  });
  it('lists only public videos to others, every privacy to the owner of the list and staff', () => {
    expect(listablePrivacy(null, {})).toBe('public');
    expect(listablePrivacy(stranger, { userId: 'o' })).toBe('public');
    expect(listablePrivacy(owner, { userId: 'o' })).toBeUndefined();
    expect(listablePrivacy(staff, {})).toBeUndefined();
  });
});

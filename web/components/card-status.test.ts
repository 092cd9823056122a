import { describe, expect, it } from 'vitest';
import { cardShowsStatus } from './card-status';

const owner = { id: 'owner', rights: [] };
const stranger = { id: 'someone', rights: [] };
const moderator = { id: 'mod', rights: ['manage_videos'] };
const admin = { id: 'admin', rights: ['admin'] };
const video = (status: Parameters<typeof cardShowsStatus>[1]['status']) => ({
  status,
  user: { id: 'owner' },
});

describe('cardShowsStatus', () => {
  it('shows visitors and other members no badge on a publicly listed video', () => {
    for (const status of [
      'ready',
      'approved',
      'yt_uploaded',
      'yt_upload_retry',
      'yt_upload_error',
    ] as const) {
      expect(cardShowsStatus(null, video(status))).toBe(false);
      expect(cardShowsStatus(stranger, video(status))).toBe(false);
    }
  });

  it('shows the owner and staff the badge of every status', () => {
    for (const status of ['ready', 'approved', 'not_verified', 'declined', 'archived'] as const) {
      for (const viewer of [owner, moderator, admin])
        expect(cardShowsStatus(viewer, video(status))).toBe(true);
    }
  });

  it('keeps the badge of a status that is not public, whoever sees the card', () => {
    expect(cardShowsStatus(null, video('yt_removed'))).toBe(true);
    expect(cardShowsStatus(stranger, video('declined'))).toBe(true);
  });
});

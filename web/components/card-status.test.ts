import { describe, expect, it } from 'vitest';
import { cardBadge } from './card-status';

const owner = { id: 'owner', rights: [] };
const stranger = { id: 'someone', rights: [] };
const moderator = { id: 'mod', rights: ['manage_videos'] };
const admin = { id: 'admin', rights: ['admin'] };
const video = (status: Parameters<typeof cardBadge>[1]['status']) => ({
  status,
  user: { id: 'owner' },
});

describe('cardBadge', () => {
  it('shows visitors and other members "Licensable" on a video they can license now', () => {
    for (const status of ['ready', 'yt_uploaded'] as const) {
      expect(cardBadge(null, video(status))).toBe('licensable');
      expect(cardBadge(stranger, video(status))).toBe('licensable');
    }
  });

  it('shows visitors no badge on a listed video that is still being prepared', () => {
    for (const status of ['approved', 'yt_upload_retry', 'yt_upload_error'] as const) {
      expect(cardBadge(null, video(status))).toBeNull();
      expect(cardBadge(stranger, video(status))).toBeNull();
    }
  });

  it('shows the owner and staff the badge of every status', () => {
    for (const status of ['ready', 'approved', 'not_verified', 'declined', 'archived'] as const) {
      for (const viewer of [owner, moderator, admin]) expect(cardBadge(viewer, video(status))).toBe('status');
    }
  });

  it('keeps the badge of a status that is not public, whoever sees the card', () => {
    expect(cardBadge(null, video('yt_removed'))).toBe('status');
    expect(cardBadge(stranger, video('declined'))).toBe('status');
  });
});

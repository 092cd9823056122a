import { describe, expect, it } from 'vitest';
import { PUBLIC_VIDEO_STATUSES, VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';
import type { CallerFacts } from './caller';
import { canSeeReferrer } from './staff.policy';
import {
  canSuggestEdit,
  canViewVideo,
  isPubliclyListed,
  listableStatuses,
  playbackRendition,
  renditionNeedsLicense,
  videoAbilities,
} from './video.policy';

const OWNER_ID = 'owner';
const viewers: Record<string, CallerFacts | null> = {
  anonymous: null,
  stranger: { id: 'stranger', rights: [], verified: false },
  verifiedStranger: { id: 'buyer', rights: [], verified: true },
  owner: { id: OWNER_ID, rights: [], verified: true },
  unverifiedOwner: { id: OWNER_ID, rights: [], verified: false },
  staff: { id: 'staff', rights: ['manage_videos'], verified: true },
  admin: { id: 'admin', rights: ['admin'], verified: true },
  manager: { id: 'manager', rights: ['manage_licenses'], verified: true },
};
type ViewerName = keyof typeof viewers;
const HIDDEN = VIDEO_STATUSES.filter((status) => !PUBLIC_VIDEO_STATUSES.includes(status));

/** Every caller type against every status: who sees the page, and what they may do there. */
describe('canViewVideo and videoAbilities', () => {
  const cases = Object.keys(viewers).flatMap((viewer) =>
    VIDEO_STATUSES.map((status) => [viewer as ViewerName, status] as const),
  );

  it.each(cases)('%s looking at a %s video', (name, status) => {
    const viewer = viewers[name] ?? null;
    const video = { userId: OWNER_ID, status };
    const isPublic = PUBLIC_VIDEO_STATUSES.includes(status);
    const isOwner = name === 'owner' || name === 'unverifiedOwner';
    const isStaff = name === 'staff' || name === 'admin';

    expect(canViewVideo(viewer, video)).toBe(isPublic || isOwner || isStaff);
    const verifiedOther = ['verifiedStranger', 'staff', 'admin', 'manager'].includes(name);
    expect(canSuggestEdit(viewer, video)).toBe(verifiedOther);
    expect(videoAbilities(viewer, video)).toEqual({
      edit: isOwner || isStaff,
      moderate: isStaff,
      suggestEdit: verifiedOther,
      // Offered to all but the owner (visitors sign in, unverified members verify) on licensable videos.
      license: !isOwner && (status === 'ready' || status === 'yt_uploaded'),
      // What the file says of its filming: staff and license managers (and holders of a license, below).
      provenance: isStaff || name === 'manager',
    });
  });

  it('shows what the file says to a buyer holding a completed license, not to the owner or other members', () => {
    const video = { userId: OWNER_ID, status: 'ready' };
    expect(videoAbilities(viewers.verifiedStranger ?? null, video, true).provenance).toBe(true);
    expect(videoAbilities(viewers.verifiedStranger ?? null, video, false).provenance).toBe(false);
    expect(videoAbilities(viewers.owner ?? null, video, false).provenance).toBe(false);
    expect(videoAbilities(null, video, false).provenance).toBe(false);
  });

  it('reads the other spelling of a status', () => {
    expect(canViewVideo(null, { userId: OWNER_ID, status: 'Ready' })).toBe(true);
    expect(canViewVideo(null, { userId: OWNER_ID, status: 'NotVerified' })).toBe(false);
    expect(
      videoAbilities(viewers.verifiedStranger ?? null, { userId: OWNER_ID, status: 'Ready' }).license,
    ).toBe(true);
  });

  it('hides a video with no status at all (not uploaded) from strangers', () => {
    expect(canViewVideo(null, { userId: OWNER_ID, status: '' })).toBe(false);
  });
});

describe('listableStatuses', () => {
  const list = (name: ViewerName, query: { userId?: string; status?: VideoStatus }) =>
    listableStatuses(viewers[name] ?? null, query);

  it('gives everyone but staff the public statuses of the whole site', () => {
    for (const name of ['anonymous', 'stranger', 'verifiedStranger', 'owner'] as const) {
      expect(list(name, {})).toEqual(PUBLIC_VIDEO_STATUSES);
    }
    expect(list('staff', {})).toBeUndefined();
    expect(list('admin', {})).toBeUndefined();
  });

  it("gives an owner every status of their own videos, and strangers the public ones of someone's", () => {
    expect(list('owner', { userId: OWNER_ID })).toBeUndefined();
    expect(list('unverifiedOwner', { userId: OWNER_ID })).toBeUndefined();
    expect(list('stranger', { userId: OWNER_ID })).toEqual(PUBLIC_VIDEO_STATUSES);
    expect(list('anonymous', { userId: OWNER_ID })).toEqual(PUBLIC_VIDEO_STATUSES);
  });

  it.each(HIDDEN)(
    'answers a stranger asking for %s videos with nothing, owners and staff with them',
    (status) => {
      expect(list('anonymous', { status })).toBe('none');
      expect(list('verifiedStranger', { status, userId: OWNER_ID })).toBe('none');
      expect(list('owner', { status })).toBe('none'); // not their own list: the whole site's
      expect(list('owner', { status, userId: OWNER_ID })).toEqual([status]);
      expect(list('staff', { status })).toEqual([status]);
      expect(list('admin', { status, userId: 'anyone' })).toEqual([status]);
    },
  );

  it.each(PUBLIC_VIDEO_STATUSES)('lets anyone filter by the public status %s', (status) => {
    expect(list('anonymous', { status })).toEqual([status]);
  });
});

describe('canSeeReferrer', () => {
  it('is for admins only', () => {
    expect(Object.entries(viewers).filter(([, viewer]) => canSeeReferrer(viewer))).toEqual([
      ['admin', viewers.admin],
    ]);
  });
});

describe('isPubliclyListed', () => {
  it('holds for a public status with privacy public (or none given), and for nothing else', () => {
    for (const status of VIDEO_STATUSES) {
      const publicStatus = PUBLIC_VIDEO_STATUSES.includes(status);
      expect(isPubliclyListed({ status, privacy: 'public' })).toBe(publicStatus);
      expect(isPubliclyListed({ status })).toBe(publicStatus);
      expect(isPubliclyListed({ status, privacy: 'private' })).toBe(false);
      expect(isPubliclyListed({ status, privacy: 'unlisted' })).toBe(false);
    }
    expect(isPubliclyListed({ status: 'Ready', privacy: 'public' })).toBe(true);
  });
});

describe('playbackRendition', () => {
  const caller = (id: string, rights: string[] = [], verified = true) =>
    ({ id, rights, verified }) as CallerFacts;
  it('gives the original to the owner, staff and a license holder, the preview to everyone else', () => {
    const video = { userId: 'owner' };
    expect(playbackRendition(null, video, false)).toBe('preview');
    expect(playbackRendition(caller('member', [], false), video, false)).toBe('preview');
    expect(playbackRendition(caller('buyer'), video, false)).toBe('preview');
    expect(playbackRendition(caller('buyer'), video, true)).toBe('original');
    expect(playbackRendition(caller('owner', [], false), video, false)).toBe('original');
    expect(playbackRendition(caller('staff', ['manage_videos']), video, false)).toBe('original');
    expect(playbackRendition(caller('admin', ['admin']), video, false)).toBe('original');
  });
  it('looks a license up only for a signed-in viewer who would otherwise get the preview', () => {
    const video = { userId: 'owner' };
    expect(renditionNeedsLicense(null, video)).toBe(false);
    expect(renditionNeedsLicense(caller('buyer'), video)).toBe(true);
    expect(renditionNeedsLicense(caller('owner'), video)).toBe(false);
    expect(renditionNeedsLicense(caller('staff', ['manage_videos']), video)).toBe(false);
  });
});

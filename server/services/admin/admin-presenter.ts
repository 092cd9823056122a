import type { AdminUserDetail, AdminUserSummary, AuditEntry } from '../../../common/contracts/admin-users';
import { RIGHTS, type Right } from '../../../common/permissions';
import { normalizeVideoStatus } from '../../../common/video-status';
import type { AdminUserRow } from '../../repositories/admin-users.repository';
import type { auditLogRepository } from '../../repositories/audit-log.repository';
import type { UserPageFacts } from './admin-user-page';

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditLogRepository>['list']>>[number];

const iso = (value: Date | string) => new Date(value).toISOString();
const rightsOf = (rights: readonly string[]): Right[] => RIGHTS.filter((right) => rights.includes(right));
const person = (row: { id: string; name: string; username: string | null }) => ({
  id: row.id,
  name: row.name,
  username: row.username,
});

export function presentAdminUser(row: AdminUserRow): AdminUserSummary {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phoneNumber: row.phone_number,
    rights: rightsOf(row.rights),
    verified: row.verified === true,
    disabled: row.disabled_at !== null,
    createdAt: iso(row.created_at),
  };
}

/** The user page; `callerId` decides what the caller may do to this user. */
export function presentAdminUserDetail(detail: UserPageFacts, callerId: string): AdminUserDetail {
  const { row } = detail;
  const self = row.id === callerId;
  return {
    ...presentAdminUser(row),
    language: row.language,
    image: row.image,
    disabledAt: row.disabled_at ? iso(row.disabled_at) : null,
    steps: {
      emailVerified: row.email_verified,
      phoneVerified: row.phone_number !== null,
      profileVerified: row.profile_verified === true,
      accountVerified: row.account_verified === true,
    },
    signIn: detail.signIn,
    profile: row.profile_name === null ? null : { name: row.profile_name, bio: row.profile_bio ?? '' },
    account:
      row.account_name === null
        ? null
        : {
            name: row.account_name,
            role: row.account_role ?? '',
            country: row.account_country ?? '',
            instagram: row.account_instagram,
            isBusinessAccount: row.account_business === true,
            companyName: row.account_company,
          },
    referrer: detail.referrer ? person(detail.referrer) : null,
    referred: detail.referred.rows.map(person),
    referredCount: detail.referred.count,
    videos: detail.videos.rows.map((video) => ({
      id: video.id,
      title: video.title,
      status: normalizeVideoStatus(video.status),
      createdAt: iso(video.created_at),
    })),
    videoCount: detail.videos.count,
    licenseRequests: detail.licenseRequests.rows.map((request) => ({
      id: request.id,
      videoTitle: request.video_title,
      status: request.status as AdminUserDetail['licenseRequests'][number]['status'],
      createdAt: iso(request.created_at),
    })),
    licenseRequestCount: detail.licenseRequests.count,
    balances: detail.balances,
    ledger: detail.ledger.map((entry) => ({
      id: entry.id,
      type: entry.type,
      status: entry.status,
      amountCents: Number(entry.amount_cents),
      currency: entry.currency,
      reversesId: entry.reverses_id,
      createdAt: iso(entry.created_at),
    })),
    abilities: { removeAdmin: !self, disable: !self },
  };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor:
      row.actor_id && row.actor_name !== null
        ? { id: row.actor_id, name: row.actor_name, username: row.actor_username }
        : null,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: iso(row.created_at),
  };
}

import { z } from 'zod';
import { RIGHTS } from '../permissions';
import { LICENSE_REQUEST_STATUSES, VIDEO_STATUSES } from '../video-status';
import { cursorPage } from './cursor-page';

/**
 * The admin back office (issue 20): the dashboard, the users and their rights, disabling an account, and
 * the audit log. Admins only; the server answers everyone else 401/403.
 */

const listLimit = z.coerce.number().int().min(1).max(50).default(20);
const cursor = z.string().max(200).optional();

/** An amount of one currency, in cents. */
const money = z.object({ currency: z.string(), cents: z.number().int() });

/** `GET /api/admin/dashboard`: what waits for someone, and this month's figures from the ledger. */
export const adminDashboard = z.object({
  waiting: z.object({
    videosToReview: z.number().int(),
    openLicenseRequests: z.number().int(),
    pendingWithdrawals: z.number().int(),
    /** Abuse reports nobody has marked handled yet. */
    newAbuseReports: z.number().int(),
  }),
  month: z.object({
    /** The first day of the month (UTC), ISO. */
    from: z.string(),
    sales: z.array(money),
    platformRevenue: z.array(money),
    paidOut: z.array(money),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const VERIFICATION_FILTERS = ['verified', 'unverified'] as const;
export const ACCOUNT_STATES = ['active', 'disabled'] as const;

/** `GET /api/admin/users`: newest first; `q` finds a name, username, e-mail or phone number. */
export const adminUsersQuery = z.object({
  limit: listLimit,
  cursor,
  q: z.string().trim().max(100).optional(),
  right: z.enum(RIGHTS).optional(),
  verification: z.enum(VERIFICATION_FILTERS).optional(),
  state: z.enum(ACCOUNT_STATES).optional(),
});

const person = z.object({ id: z.string(), name: z.string(), username: z.string().nullable() });

export const adminUserSummary = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  rights: z.array(z.enum(RIGHTS)),
  verified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserList = cursorPage(adminUserSummary);
export type AdminUserList = z.infer<typeof adminUserList>;

/** A user id: a uuid, or a system account's name such as `tv-owner`. */
const userId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);
export const adminUserParams = z.object({ userId });

/** `GET /api/admin/users/{userId}`: everything an admin needs to know about one member. */
export const adminUserDetail = adminUserSummary.extend({
  language: z.string(),
  image: z.string().nullable(),
  disabledAt: z.string().nullable(),
  steps: z.object({
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    profileVerified: z.boolean(),
    accountVerified: z.boolean(),
  }),
  signIn: z.object({ passwordSet: z.boolean(), socialProviders: z.array(z.string()) }),
  profile: z.object({ name: z.string(), bio: z.string() }).nullable(),
  account: z
    .object({
      name: z.string(),
      role: z.string(),
      country: z.string(),
      instagram: z.string().nullable(),
      isBusinessAccount: z.boolean(),
      companyName: z.string().nullable(),
    })
    .nullable(),
  referrer: person.nullable(),
  referred: z.array(person),
  referredCount: z.number().int(),
  videos: z.array(
    z.object({ id: z.string(), title: z.string(), status: z.enum(VIDEO_STATUSES), createdAt: z.string() }),
  ),
  videoCount: z.number().int(),
  licenseRequests: z.array(
    z.object({
      id: z.string(),
      videoTitle: z.string(),
      status: z.enum(LICENSE_REQUEST_STATUSES),
      createdAt: z.string(),
    }),
  ),
  licenseRequestCount: z.number().int(),
  balances: z.array(
    z.object({
      currency: z.string(),
      availableCents: z.number().int(),
      pendingCents: z.number().int(),
      reservedCents: z.number().int(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      reversesId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** What the caller may do to this user (the server refuses the rest anyway). */
  abilities: z.object({ removeAdmin: z.boolean(), disable: z.boolean() }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** `PUT /api/admin/users/{userId}/rights`: the whole set of rights the user should hold. */
export const userRightsInput = z.object({
  rights: z
    .array(z.enum(RIGHTS))
    .max(RIGHTS.length)
    .refine((rights) => new Set(rights).size === rights.length, { message: 'errors.VALIDATION_FAILED' }),
  reason: z.string().trim().max(500).optional(),
});
export type UserRightsInput = z.infer<typeof userRightsInput>;

/** `POST /api/admin/users/{userId}/disable` and `/enable`. */
export const userStateInput = z.object({ reason: z.string().trim().max(500).optional() });
export type UserStateInput = z.infer<typeof userStateInput>;

/** `GET /api/admin/audit-log`: newest first, filtered by the admin who acted and the action. */
export const auditLogQuery = z.object({
  limit: listLimit,
  cursor,
  actorId: userId.optional(),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]+$/)
    .optional(),
});

export const auditEntry = z.object({
  id: z.string(),
  actor: person.nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** The subject's name when it is a user (for a readable link). */
  subjectName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogList = z.object({
  items: z.array(auditEntry),
  nextCursor: z.string().nullable(),
  /** The admins who appear in the log and the actions it holds, for the filters. */
  actors: z.array(person),
  actions: z.array(z.string()),
});
export type AuditLogList = z.infer<typeof auditLogList>;

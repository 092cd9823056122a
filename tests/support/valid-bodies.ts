/**
 * Bodies each operation accepts, as the web app's forms send them: the access matrix sends them as they
 * are, the fuzz suite changes one field at a time so the hostile value reaches past validation.
 */

export const editValues = {
  title: 'Harbour at dawn, edited',
  description: 'Boats leave Limassol at first light.',
  keywords: 'sea, boats',
  date: '2026-06-01',
  time: '06:15',
  location: null,
  categoryId: 19,
  privacy: 'public',
  externalUrl: '',
};

export const billingValues = {
  name: 'Maria Konstantinou',
  address: '12 Anexartisias Street',
  city: 'Limassol',
  state: '',
  postalCode: '3036',
  country: 'CY',
  contactEmail: 'billing@example.com',
  contactPhone: '+35799123456',
  vatNumber: '',
};

export const abuseReportValues = {
  email: 'someone@example.com',
  subject: 'A broken page',
  message: 'The player does not start on my phone.',
  url: 'http://localhost/videos',
};

/** A Media RSS feed as the admin screen creates it (issue 20). */
export const mrssFeedValues = {
  name: 'Harbour news partner',
  language: 'en' as const,
  partnerName: 'Harbour News Ltd',
  filter: {
    keywords: ['sea', 'boats'],
    categoryId: 19,
    shotFrom: '2025-01-01',
    shotTo: '2026-06-30',
    licensableOnly: true,
  },
};

export const mrssTokenValues = { partnerName: 'Second partner' };

let usernames = 0;
/** A profile with a username of its own (usernames are unique). */
export const profileValues = () => ({
  username: `Profile ${++usernames}`,
  name: 'Maria Konstantinou',
  role: 'creator',
  bio: 'I film storms over Limassol.',
  instagram: '',
  country: 'CY',
  isBusinessAccount: false,
  companyName: '',
  isPolicyAgreed: true,
  isAgeRestrictionAgreed: true,
});

/** A video submission; `signature` is a PNG data URL. */
export const submissionValues = (signature: string) => ({
  title: 'Storm over the marina',
  description: 'Lightning over Limassol marina, filmed from the pier.',
  keywords: 'storm, lightning',
  externalUrl: '',
  ownerName: 'Andreas Christou',
  ownerEmail: 'andreas@example.com',
  ownerPhone: '+35799123456',
  ownerCountry: 'CY',
  ownerInstagram: '',
  ownerDob: '1990-05-01',
  signature,
  isPolicyAgreed: true,
  fileName: 'storm.mp4',
  fileSize: 10_000,
});

/** A withdrawal by bank transfer, as the Withdraw dialog sends it (amount in cents, IBAN as typed). */
export const withdrawalValues = {
  method: 'bank_transfer',
  amountCents: 8000,
  currency: 'EUR',
  iban: 'CY17 0020 0128 0000 0012 0052 7600',
  holder: 'Maria Konstantinou',
};
/** An admin's adjustment of a user's balance (`POST /api/admin/transactions`); `user` is an id or e-mail. */
export const adjustmentValues = (user: string) => ({
  user,
  type: 'income_transfer',
  amountCents: 1500,
  currency: 'EUR',
  reason: 'Goodwill credit for a late payout',
});

/** Rejecting a withdrawal request. */
export const withdrawalRejectValues = { reason: 'The payout details do not match the account holder' };
/** A license manager's refund of a completed sale (the reason is the buyer's to read). */
export const licenseRefundValues = { reason: 'The buyer paid twice for the same license' };
/** Paying a withdrawal request manually. */
export const withdrawalPayValues = { reference: 'SEPA-2026-0001' };
/** The back office: a user's rights (the whole set) and the reason of a disable or enable. */
export const userRightsValues = { rights: ['manage_videos'], reason: 'Joins the review team' };
export const userStateValues = { reason: 'Spam uploads' };
/** The platform settings as the admin settings form sends them (money as the decimal typed). */
export const appSettingsValues = {
  creatorSharePercent: 60,
  referralBonusPercent: 12,
  withdrawalMinimum: '75.50',
  withdrawalDelayDays: 21,
  refundWindowDays: 10,
  currency: 'EUR',
};

/** A license type with a fixed price, as the admin's license type form sends it. */
export const licenseTypeValues = {
  nameEn: 'Documentary',
  nameEl: 'Ντοκιμαντέρ',
  descriptionEn: 'Use in one documentary film and its trailers.',
  descriptionEl: 'Χρήση σε μία ταινία ντοκιμαντέρ και στα τρέιλερ της.',
  scope: 'editorial_broadcast',
  byRequest: false,
  price: '120.00',
  active: true,
  position: 5,
};

/** The privacy policy as the admin's editor sends it (Markdown in both languages). */
export const privacyPolicyValues = {
  en: '# Privacy\n\nWe keep what the service needs.',
  el: '# Απόρρητο\n\nΚρατάμε ό,τι χρειάζεται η υπηρεσία.',
};

export const abuseHandleValues = { note: 'Checked the page; the video was removed.' };

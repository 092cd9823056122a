/** The demo community a newcomer sees on first start: a few people and their videos. */

export interface DemoUser {
  key: string;
  name: string;
  email: string;
  rights: string[];
  language: 'en' | 'el';
  referrer?: string;
  /** A finished verification (SPEC 4.5); a user without one meets the verification modal. */
  verification?: {
    phoneNumber: string;
    role: 'creator' | 'consumer' | 'guest';
    bio: string;
    country: string;
  };
}

export const DEMO_ADMIN_EMAIL = 'admin@example.com';

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'admin',
    name: 'Admin',
    email: DEMO_ADMIN_EMAIL,
    rights: ['admin'],
    language: 'en',
    verification: {
      phoneNumber: '+35799000001',
      role: 'guest',
      bio: 'Runs the back office.',
      country: 'CY',
    },
  },
  {
    key: 'eleni',
    name: 'Eleni Georgiou',
    email: 'eleni@example.com',
    rights: ['manage_videos'],
    language: 'el',
    verification: {
      phoneNumber: '+35799000002',
      role: 'consumer',
      bio: 'Picture editor at a Nicosia newsroom; reviews new videos.',
      country: 'CY',
    },
  },
  {
    key: 'andreas',
    name: 'Andreas Christou',
    email: 'andreas@example.com',
    rights: [],
    language: 'el',
    verification: {
      phoneNumber: '+35799000003',
      role: 'creator',
      bio: 'Films the coast and the weather around Limassol.',
      country: 'CY',
    },
  },
  {
    key: 'maria',
    name: 'Maria Papadopoulou',
    email: 'maria@example.com',
    rights: [],
    language: 'en',
    verification: {
      phoneNumber: '+306912345678',
      role: 'creator',
      bio: 'Street life and festivals in Athens.',
      country: 'GR',
    },
  },
  // Not verified yet: signing in as Nikos shows the verification modal.
  {
    key: 'nikos',
    name: 'Nikos Demetriou',
    email: 'nikos@example.com',
    rights: [],
    language: 'el',
    referrer: 'andreas',
  },
];

export interface DemoVideo {
  owner: string;
  title: string;
  description: string;
  keywords: string[];
  /** An ffmpeg test source that gives the clip its look. */
  source: string;
  /**
   * The x264 preset it is encoded with (default ultrafast): another preset gives the same picture in other
   * bytes, as a re-encoded copy has, which the copy check flags and SHA-256 does not.
   */
  preset?: string;
  status: string;
  date: string;
  time?: string;
  place?: { address: string; lat: number; lng: number };
  /** A staff member's key: the video shows 'edited by' them (SPEC 2.3). */
  editedBy?: string;
  daysAgo: number;
  /**
   * Filmed on a phone: the clip carries the tags a phone writes (QuickTime's), its capture time and
   * place (by default the typed ones, at the place's summer offset), so "From the file" has something to say.
   */
  phone?: {
    make: string;
    model: string;
    software: string;
    filmedAt?: string;
    place?: { lat: number; lng: number };
  };
}

/** The tags a phone writes into its clip, for a demo video filmed on one (ffmpeg `-metadata` pairs). */
export function phoneTags(video: DemoVideo): Record<string, string> | undefined {
  const { phone, place } = video;
  if (!phone) return undefined;
  const point = phone.place ?? place;
  const iso6709 = (value: number, digits: number) =>
    `${value < 0 ? '-' : '+'}${Math.abs(value)
      .toFixed(4)
      .padStart(digits + 5, '0')}`;
  return {
    'com.apple.quicktime.creationdate': phone.filmedAt ?? `${video.date}T${video.time ?? '12:00'}:00+0300`,
    ...(point && {
      'com.apple.quicktime.location.ISO6709': `${iso6709(point.lat, 2)}${iso6709(point.lng, 3)}/`,
    }),
    'com.apple.quicktime.make': phone.make,
    'com.apple.quicktime.model': phone.model,
    'com.apple.quicktime.software': phone.software,
  };
}

const limassol = { address: 'Limassol Marina, Limassol, Cyprus', lat: 34.6706, lng: 33.0426 };
const nicosia = { address: 'Ledra Street, Nicosia, Cyprus', lat: 35.1731, lng: 33.3614 };
const paphos = { address: 'Paphos Harbour, Paphos, Cyprus', lat: 34.7534, lng: 32.4062 };
const athens = { address: 'Technopolis, Pireos 100, Athens, Greece', lat: 37.9784, lng: 23.7133 };
const larnaca = { address: 'Finikoudes Promenade, Larnaca, Cyprus', lat: 34.9125, lng: 33.6389 };
const thessaloniki = { address: 'Aristotelous Square, Thessaloniki, Greece', lat: 40.6326, lng: 22.9412 };

// Every public video has a date, a time, a place on the map, paragraphs and keywords in both
// languages, so the home page, the video page and its map look like the real thing on first start.
export const DEMO_VIDEOS: DemoVideo[] = [
  {
    owner: 'andreas',
    title: 'Fractal bloom over the marina lights',
    description:
      'A slow zoom into colour, projected over the water for the marina light festival.\n\nShot for a light installation at the marina; licensable for intros, title cards and music videos.\n\nThe full-length original is available on request.',
    keywords: ['abstract', 'colour', 'art', 'night', 'Λεμεσός'],
    source: 'mandelbrot',
    status: 'ready',
    date: '2026-09-14',
    time: '21:30',
    place: limassol,
    daysAgo: 1,
    phone: { make: 'Apple', model: 'iPhone 15 Pro', software: '17.1' },
  },
  {
    owner: 'maria',
    title: 'Game of Life in real time',
    description:
      'Cells are born and die on a grid, following four simple rules.\n\nProjected on the walls of the old gasworks during a science night; a good background for talks about emergence.',
    keywords: ['science', 'simulation', 'abstract', 'Αθήνα'],
    source: 'life=ratio=0.3:mold=10:life_color=#22aaff:death_color=#003355',
    status: 'ready',
    date: '2026-10-02',
    time: '20:15',
    place: athens,
    daysAgo: 2,
    phone: { make: 'Apple', model: 'iPhone 14', software: '18.0' },
  },
  {
    owner: 'andreas',
    title: 'Κύματα στο λιμάνι της Πάφου',
    description:
      'Ήρεμο απόγευμα στο λιμάνι, λίγο πριν τη δύση του ηλίου.\n\nΙδανικό για ταξιδιωτικά ρεπορτάζ και εκπομπές για τον τουρισμό.',
    keywords: ['θάλασσα', 'Πάφος', 'ταξίδια', 'sea'],
    source: 'mandelbrot=start_scale=2:end_scale=0.5:inner=period',
    status: 'ready',
    date: '2026-08-21',
    time: '18:05',
    place: paphos,
    editedBy: 'eleni',
    // Uploaded before its sale (46 days ago), as the analytics and the ledger tell it.
    daysAgo: 60,
    // The file says a week earlier and up the coast at Coral Bay: staff see the warning.
    phone: {
      make: 'Apple',
      model: 'iPhone 13',
      software: '17.5.1',
      filmedAt: '2026-08-14T18:02:40+0300',
      place: { lat: 34.8553, lng: 32.3656 },
    },
  },
  {
    owner: 'nikos',
    title: 'Broadcast colour bars for calibration',
    description:
      'Standard HD colour bars with a reference tone, ready for studio calibration.\n\nRecorded straight from the vision mixer of a Nicosia studio.',
    keywords: ['broadcast', 'tv', 'calibration', 'τηλεόραση'],
    source: 'smptehdbars',
    status: 'ready',
    date: '2026-07-30',
    time: '07:45',
    place: nicosia,
    daysAgo: 4,
  },
  {
    owner: 'maria',
    title: 'Rule 110: a cellular automaton',
    description:
      'Each row is computed from the one above it.\n\nShown at a maths festival in Thessaloniki, on a screen in the middle of the square.',
    keywords: ['science', 'abstract', 'pattern', 'επιστήμη'],
    source: 'cellauto=rule=110',
    status: 'ready',
    date: '2026-10-11',
    time: '19:00',
    place: thessaloniki,
    daysAgo: 5,
  },
  {
    owner: 'nikos',
    title: 'Studio test pattern with moving timecode',
    description:
      'A test pattern for checking motion and sync.\n\nUseful behind studio credits or in a segment about how television is made.',
    keywords: ['broadcast', 'test', 'tv', 'τηλεόραση'],
    source: 'testsrc2',
    status: 'ready',
    date: '2026-06-18',
    time: '09:00',
    place: nicosia,
    // Uploaded before its sale (40 days ago).
    daysAgo: 50,
  },
  {
    owner: 'maria',
    title: 'Ηλιοβασίλεμα στις Φοινικούδες',
    description:
      'Τα χρώματα αλλάζουν ένα-ένα, όπως ο ουρανός πάνω από τον περίπατο.\n\nΧρήσιμο για έλεγχο οθονών και για μεταβάσεις σε ταξιδιωτικές εκπομπές.',
    keywords: ['calibration', 'colour', 'Λάρνακα', 'θάλασσα'],
    source: 'rgbtestsrc',
    status: 'ready',
    date: '2026-05-09',
    time: '19:40',
    place: larnaca,
    daysAgo: 8,
  },
  {
    owner: 'nikos',
    title: 'Street festival on Ledra Street',
    description: 'Waiting for review by the content team.\n\nMusic and dancing in the old town.',
    keywords: ['festival', 'Nicosia', 'people', 'Λευκωσία'],
    // The studio's test pattern again, re-encoded: the review queue's possible copy (issue 33).
    source: 'testsrc2',
    preset: 'veryfast',
    status: 'not_verified',
    date: '2026-11-15',
    time: '22:10',
    place: nicosia,
    daysAgo: 0,
  },
];

/** Withdrawals of the demo creators' earnings: one paid by bank transfer, one waiting for the admin. */
export const DEMO_WITHDRAWALS = [
  { user: 'andreas', amountCents: 5000, status: 'completed', reference: 'SEPA-2026-0917', daysAgo: 10 },
  { user: 'andreas', amountCents: 5000, status: 'pending', daysAgo: 1 },
] as const;

export interface DemoLicenseRequest {
  buyer: string;
  /** The title of one of DEMO_VIDEOS. */
  video: string;
  scope: 'editorial_web' | 'editorial_broadcast' | 'commercial';
  usage: string;
  /** A `completed` one is a sale paid in the sandbox the next hour, with its ledger rows. */
  status: 'open' | 'awaiting_payment' | 'cancelled' | 'completed';
  /** A manager's quote (by the admin) for a "price by request" type. */
  quoteCents?: number;
  cancelReason?: string;
  /** The conversation, oldest first: `manager` messages are the admin's. */
  messages?: { from: 'buyer' | 'manager'; body: string }[];
  daysAgo: number;
}

/**
 * Billing addresses of the demo buyers (a license request copies one). Only Eleni buys: the other
 * members start without an address (the profiles journey adds Maria's first one).
 */
export const DEMO_BILLING = {
  eleni: {
    name: 'Nicosia Evening News Ltd',
    address: '25 Ledra Street',
    city: 'Nicosia',
    postal_code: '1011',
    country: 'CY',
    contact_email: 'eleni@example.com',
    contact_phone: '+35799000002',
    vat_number: 'CY10259033P',
  },
} as const;

/**
 * License requests in several states, so the buyer's and the managers' screens are not empty; two are sales
 * old enough to be withdrawable, so the money screens are not empty either: Andreas's own, and Nikos's
 * first, which earns Andreas (who invited him) a referral bonus.
 */
export const DEMO_LICENSE_REQUESTS: DemoLicenseRequest[] = [
  {
    buyer: 'eleni',
    video: 'Κύματα στο λιμάνι της Πάφου',
    scope: 'commercial',
    usage: 'Opening shot of a ferry company’s summer advert, on television and online, for one season.',
    status: 'completed',
    quoteCents: 30000,
    messages: [{ from: 'manager', body: 'For one season on television and online the price is €300.' }],
    daysAgo: 46,
  },
  {
    buyer: 'eleni',
    video: 'Studio test pattern with moving timecode',
    scope: 'editorial_web',
    usage: 'An explainer on our website about how broadcast timecode works.',
    status: 'completed',
    daysAgo: 40,
  },
  {
    buyer: 'eleni',
    video: 'Fractal bloom over the marina lights',
    scope: 'commercial',
    usage: 'Opening titles of our weekly culture programme, on air and online, for one season.',
    status: 'open',
    messages: [{ from: 'buyer', body: 'Could we also use a 4K version of the original, if there is one?' }],
    daysAgo: 1,
  },
  {
    buyer: 'eleni',
    video: 'Rule 110: a cellular automaton',
    scope: 'editorial_web',
    usage: 'A science story on our website and its Facebook page.',
    status: 'awaiting_payment',
    daysAgo: 2,
  },
  {
    buyer: 'eleni',
    video: 'Broadcast colour bars for calibration',
    scope: 'commercial',
    usage: 'Background of a television advert for a camera shop in Nicosia, four weeks in Cyprus.',
    status: 'awaiting_payment',
    quoteCents: 35000,
    messages: [
      { from: 'buyer', body: 'The advert runs for four weeks on two national channels.' },
      { from: 'manager', body: 'Thank you. For four weeks on two channels the price is €350.' },
    ],
    daysAgo: 3,
  },
  {
    buyer: 'eleni',
    video: 'Broadcast colour bars for calibration',
    scope: 'editorial_broadcast',
    usage: 'A segment about how television is made, in the evening news.',
    status: 'cancelled',
    cancelReason: 'The segment was dropped from the programme.',
    daysAgo: 5,
  },
];

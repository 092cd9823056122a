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
  status: string;
  date: string;
  time?: string;
  place?: { address: string; lat: number; lng: number };
  daysAgo: number;
}

const limassol = { address: 'Limassol Marina, Limassol, Cyprus', lat: 34.6706, lng: 33.0426 };
const nicosia = { address: 'Ledra Street, Nicosia, Cyprus', lat: 35.1731, lng: 33.3614 };
const paphos = { address: 'Paphos Harbour, Paphos, Cyprus', lat: 34.7534, lng: 32.4062 };

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    owner: 'andreas',
    title: 'Fractal bloom over the marina lights',
    description:
      'A slow zoom into colour.\n\nShot for a light installation at the marina; licensable for intros and title cards.',
    keywords: ['abstract', 'colour', 'art', 'night'],
    source: 'mandelbrot',
    status: 'ready',
    date: '2026-09-14',
    time: '21:30',
    place: limassol,
    daysAgo: 1,
  },
  {
    owner: 'maria',
    title: 'Game of Life in real time',
    description: 'Cells are born and die on a grid, following four simple rules.',
    keywords: ['science', 'simulation', 'abstract'],
    source: 'life=ratio=0.3:mold=10:life_color=#22aaff:death_color=#003355',
    status: 'approved',
    date: '2026-10-02',
    daysAgo: 2,
  },
  {
    owner: 'andreas',
    title: 'Κύματα στο λιμάνι της Πάφου',
    description: 'Ήρεμο απόγευμα στο λιμάνι.\n\nΙδανικό για ταξιδιωτικά ρεπορτάζ.',
    keywords: ['θάλασσα', 'Πάφος', 'ταξίδια'],
    source: 'mandelbrot=start_scale=2:end_scale=0.5:inner=period',
    status: 'approved',
    date: '2026-08-21',
    time: '18:05',
    place: paphos,
    daysAgo: 3,
  },
  {
    owner: 'nikos',
    title: 'Broadcast colour bars for calibration',
    description: 'Standard HD colour bars with a reference tone, ready for studio calibration.',
    keywords: ['broadcast', 'tv', 'calibration'],
    source: 'smptehdbars',
    status: 'ready',
    date: '2026-07-30',
    daysAgo: 4,
  },
  {
    owner: 'maria',
    title: 'Rule 110: a cellular automaton',
    description: 'Each row is computed from the one above it.',
    keywords: ['science', 'abstract', 'pattern'],
    source: 'cellauto=rule=110',
    status: 'yt_uploaded',
    date: '2026-10-11',
    daysAgo: 5,
  },
  {
    owner: 'nikos',
    title: 'Studio test pattern with moving timecode',
    description: 'A test pattern for checking motion and sync.',
    keywords: ['broadcast', 'test', 'tv'],
    source: 'testsrc2',
    status: 'approved',
    date: '2026-06-18',
    time: '09:00',
    place: nicosia,
    daysAgo: 6,
  },
  {
    owner: 'maria',
    title: 'RGB calibration sweep',
    description: 'Primary colours in sequence for monitor checks.',
    keywords: ['calibration', 'colour'],
    source: 'rgbtestsrc',
    status: 'approved',
    date: '2026-05-09',
    daysAgo: 8,
  },
  {
    owner: 'nikos',
    title: 'Street festival on Ledra Street',
    description: 'Waiting for review by the content team.',
    keywords: ['festival', 'Nicosia', 'people'],
    source: 'testsrc2=alpha=128',
    status: 'not_verified',
    date: '2026-11-15',
    place: nicosia,
    daysAgo: 0,
  },
];

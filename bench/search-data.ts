/**
 * Generated search data for bench/search.ts: a vocabulary of a few thousand English and Greek words,
 * used with a Zipf-like frequency (the word of rank r is about 1/r as common as the first), so a few
 * keywords are on a large share of the videos and most on very few. Loaded with generate_series.
 */
import { sql } from 'kysely';
import type { Database } from '../server/db/connection';

const ENGLISH = `sunset beach sea harbour boats storm rain snow mountain village city street market church
  festival music dance food wine olive tree forest river lake bridge road car motorbike traffic night sky
  stars moon clouds wind waves surf swimming diving fishing fish birds dog cat horse goats sheep farm field
  harvest sunrise morning evening people children family wedding party football basketball stadium crowd
  protest police fire firefighters accident flood drone aerial timelapse castle ruins museum school airport
  plane ship ferry train bus port lighthouse cave cliff desert island bay coast marina yacht sailing kayak`;
const GREEK = `θάλασσα παραλία ηλιοβασίλεμα λιμάνι βάρκες καταιγίδα βροχή χιόνι βουνό χωριό πόλη δρόμος αγορά
  εκκλησία πανηγύρι μουσική χορός φαγητό κρασί ελιά δέντρο δάσος ποτάμι λίμνη γέφυρα αυτοκίνητο μηχανή
  κίνηση νύχτα ουρανός αστέρια φεγγάρι σύννεφα άνεμος κύματα κολύμπι ψάρεμα ψάρια πουλιά σκύλος γάτα άλογο
  κατσίκες πρόβατα χωράφι θερισμός ανατολή πρωί βράδυ άνθρωποι παιδιά οικογένεια γάμος γλέντι ποδόσφαιρο
  γήπεδο πλήθος διαδήλωση αστυνομία φωτιά πυροσβέστες ατύχημα πλημμύρα κάστρο μουσείο σχολείο αεροδρόμιο
  αεροπλάνο πλοίο λεωφορείο φάρος σπηλιά νησί κόλπος ακτή μαρίνα Λεμεσός Πάφος Λευκωσία Λάρνακα Τρόοδος`;

/** Folded as the app folds (no case, no accents, final sigma), so the data needs no TypeScript per row. */
function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
}

/** Real words first (the most common), then made-up ones of Latin or Greek syllables, `size` in all. */
export function vocabulary(size: number): string[] {
  const real = [...ENGLISH.split(/\s+/), ...GREEK.split(/\s+/)].filter(Boolean).map(fold);
  // Interleave English and Greek so both languages have common and rare words.
  const words = new Set<string>();
  const half = Math.ceil(real.length / 2);
  for (let i = 0; i < half; i++) {
    if (real[i]) words.add(real[i] as string);
    if (real[half + i]) words.add(real[half + i] as string);
  }
  const latin = ['ka', 'lo', 'mi', 'ne', 'ri', 'so', 'ta', 've', 'do', 'pu', 'ga', 'be'];
  const greek = ['κα', 'λο', 'μι', 'νε', 'ρι', 'σο', 'τα', 'βε', 'δο', 'πυ', 'γα', 'χε'];
  let n = 0;
  while (words.size < size) {
    const syllables = n % 2 === 0 ? latin : greek;
    let word = '';
    for (let k = Math.floor(n / 2) + 1; k > 0; k = Math.floor(k / syllables.length)) {
      word += syllables[k % syllables.length];
    }
    words.add(word + (n % 2 === 0 ? 'on' : 'οσ'));
    n++;
  }
  return [...words];
}

/** `count` approved-or-ready videos (a tenth not public) of one user, plus the keyword summary. */
export async function loadVideos(
  database: Database,
  count: number,
  words: string[],
  log: (line: string) => void,
) {
  const db = database.db;
  await sql`insert into users (id, name, email) values ('bench-user', 'Bench', 'bench@example.com')`.execute(
    db,
  );
  // Indexes are built once after loading: far faster than keeping them up to date row by row.
  await sql`drop index videos_keywords_normalized_idx, videos_search_vector_idx, videos_title_vector_idx, videos_created_id_idx`.execute(
    db,
  );
  const zipf = sql`(${words}::text[])[floor(exp(random() * ln(${words.length})))::int]`;
  const chunk = 100_000;
  for (let start = 1; start <= count; start += chunk) {
    const end = Math.min(count, start + chunk - 1);
    await sql`
      insert into videos (user_id, title, description, keywords, keywords_normalized, title_folded,
        description_folded, status, created_at)
      select 'bench-user', t.title, t.description, t.keywords, t.keywords, t.title, t.description,
        case when g % 10 = 0 then 'not_verified' when g % 3 = 0 then 'ready' else 'approved' end,
        now() - (g * interval '37 seconds')
      from generate_series(${start}::int, ${end}::int) g,
      lateral (select
        (select array_agg(distinct ${zipf}) from generate_series(1, 3 + g % 6 + 0 * g)) as keywords,
        (select string_agg(${zipf}, ' ') from generate_series(1, 3 + g % 4 + 0 * g)) as title,
        (select string_agg(${zipf}, ' ') from generate_series(1, 12 + g % 20 + 0 * g)) as description
      ) t`.execute(db);
    log(`  ${end.toLocaleString('en')} videos`);
  }
  await sql`
    insert into keyword_summary (keyword, label, count)
    select k, k, count(*) from videos, unnest(keywords_normalized) k group by k`.execute(db);
  log('  building indexes');
  await sql`create index videos_keywords_normalized_idx on videos using gin (keywords_normalized)`.execute(
    db,
  );
  await sql`create index videos_search_vector_idx on videos using gin (search_vector)`.execute(db);
  await sql`create index videos_title_vector_idx on videos using gin (title_vector)`.execute(db);
  await sql`create index videos_created_id_idx on videos (created_at, id)`.execute(db);
  await sql`analyze`.execute(db);
}

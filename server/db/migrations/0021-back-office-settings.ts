import { type Kysely, sql } from 'kysely';

/**
 * The admin back office's settings screens and abuse queue:
 * - abuse reports can be marked handled (when, by whom, with a note);
 * - the privacy policy (Markdown, per language) is an app setting, seeded with a starting text the admin
 *   edits. The terms of service's upload date is an app setting too (`terms_uploaded_at`), written on upload.
 */
const PRIVACY_EN = `We keep only what the service needs to work: your account details (e-mail, phone number, profile), the
videos you upload with their details, your licence requests and billing addresses, and the record of
payments and payouts.

## What we use it for

- to run your account and verify it;
- to publish, review and license your videos;
- to pay creators and keep the accounts the law asks for.

## Your rights

You may ask for a copy of your data, its correction or its deletion. Write to us from the contact link at
the bottom of every page.
`;

const PRIVACY_EL = `Κρατάμε μόνο ό,τι χρειάζεται η υπηρεσία για να λειτουργεί: τα στοιχεία του λογαριασμού σας (e-mail,
αριθμό τηλεφώνου, προφίλ), τα βίντεο που ανεβάζετε με τα στοιχεία τους, τα αιτήματα άδειας και τις
διευθύνσεις χρέωσης, καθώς και το αρχείο πληρωμών και εκταμιεύσεων.

## Για ποιο σκοπό τα χρησιμοποιούμε

- για τη λειτουργία και την επαλήθευση του λογαριασμού σας·
- για τη δημοσίευση, τον έλεγχο και την αδειοδότηση των βίντεό σας·
- για την πληρωμή των δημιουργών και την τήρηση των λογιστικών βιβλίων που ορίζει ο νόμος.

## Τα δικαιώματά σας

Μπορείτε να ζητήσετε αντίγραφο των δεδομένων σας, τη διόρθωση ή τη διαγραφή τους. Γράψτε μας από τον
σύνδεσμο επικοινωνίας στο κάτω μέρος κάθε σελίδας.
`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('abuse_requests')
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('handled_note', 'text')
    .execute();
  // The queue: newest first, new or handled
  await sql`create index abuse_requests_queue_idx on abuse_requests ((handled_at is null), created desc, id desc)`.execute(
    db,
  );
  for (const [key, value] of Object.entries({
    privacy_policy_en: PRIVACY_EN,
    privacy_policy_el: PRIVACY_EL,
  })) {
    await db
      .insertInto('app_settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('app_settings')
    .where('key', 'in', ['privacy_policy_en', 'privacy_policy_el', 'terms_uploaded_at'])
    .execute();
  await sql`drop index abuse_requests_queue_idx`.execute(db);
  await db.schema
    .alterTable('abuse_requests')
    .dropColumn('handled_note')
    .dropColumn('handled_by')
    .dropColumn('handled_at')
    .execute();
}

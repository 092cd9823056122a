/**
 * Journey helper process: in the stopped app's embedded database (argv[2]), a fixed-price licence request
 * of the buyer (argv[3], an e-mail) for the video titled argv[4], awaiting payment, as the request
 * stepper leaves one. Prints the request id, the video id and the stored original's path.
 */
import { openDatabase } from '../../server/db/connection';
import { createLicenseRequest } from '../support/licensing-factories';

const [dataDir, buyerEmail, title] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase({ kind: 'embedded', dataDir });
try {
  const db = database.db;
  const buyer = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', buyerEmail)
    .executeTakeFirstOrThrow();
  const video = await db
    .selectFrom('videos')
    .select(['id', 'path'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  const id = await createLicenseRequest(db, { videoId: video.id, buyerId: buyer.id });
  console.log(JSON.stringify({ id, videoId: video.id, path: video.path }));
} finally {
  await database.close();
}

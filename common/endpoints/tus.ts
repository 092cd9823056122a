import { z } from 'zod';
import { type Access, endpoint } from '../endpoint';

/** An upload's id, as tus names it in the upload's URL. */
const uploadParams = z.object({ id: z.string() });

/**
 * The operations of one resumable upload endpoint (tus, SPEC 4.6): the creation, and an upload's offset,
 * its next bytes and its cancelling at `{path}/:id`. tus-js-client calls them, never the typed client:
 * the answers are tus's headers, and only the refusals are ours.
 */
export function tusEndpoints<const P extends string, const A extends Access>(definition: {
  path: P;
  tag: string;
  access: A;
  summaries: { creation: string; access: string };
}) {
  const { path, tag, access, summaries } = definition;
  const upload = {
    path: `${path}/:id`,
    tag,
    access,
    summary: summaries.access,
    params: uploadParams,
    status: 204,
    refusals: [409, 410, 413],
  } as const;
  return {
    create: endpoint({
      method: 'POST',
      path,
      tag,
      access,
      summary: summaries.creation,
      answer: z.null(),
      status: 201,
      refusals: [409, 410, 413],
    }),
    offset: endpoint({ method: 'HEAD', ...upload }),
    resume: endpoint({ method: 'PATCH', ...upload }),
    cancel: endpoint({ method: 'DELETE', ...upload }),
  };
}

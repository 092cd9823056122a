import { profileImageResponse, profileImagesResponse } from '../contracts/profile-images';
import { endpoint } from '../endpoint';

const tag = 'profile images';
/** The picture is the raw body; only its bytes decide what it is (the server re-encodes it). */
const consumes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heif'] as const;

/**
 * The caller's avatar and cover image (SPEC 7, 9). Every operation acts on the signed-in user only: there
 * is no user id in the path, so nobody can change or remove someone else's pictures. The uploads are
 * raw bodies, not JSON: the web sends them itself (with upload progress), not through the client.
 */
export const profileImagesEndpoints = {
  images: endpoint({
    method: 'GET',
    path: '/api/me/profile-images',
    tag,
    access: 'signedIn',
    summary: "The caller's avatar and cover URLs (null when unset)",
    answer: profileImagesResponse,
  }),
  setAvatar: endpoint({
    method: 'PUT',
    path: '/api/me/avatar',
    tag,
    access: 'signedIn',
    summary: 'Set the avatar: the cropped picture as the raw body, stored as a 500x500 JPEG',
    consumes,
    answer: profileImageResponse,
    refusals: [413, 415],
  }),
  removeAvatar: endpoint({
    method: 'DELETE',
    path: '/api/me/avatar',
    tag,
    access: 'signedIn',
    summary: 'Remove the avatar',
    answer: profileImageResponse,
  }),
  setCover: endpoint({
    method: 'PUT',
    path: '/api/me/cover',
    tag,
    access: 'signedIn',
    summary: 'Set the cover (verified profiles only): the raw body, stored as a 1500x300 JPEG',
    consumes,
    answer: profileImageResponse,
    refusals: [413, 415],
  }),
  removeCover: endpoint({
    method: 'DELETE',
    path: '/api/me/cover',
    tag,
    access: 'signedIn',
    summary: 'Remove the cover',
    answer: profileImageResponse,
  }),
};

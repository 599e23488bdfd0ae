// What the rest of the server uses from media: message code describes media and checks it before sending.
export { type MediaContext, mediaForMessage, mediaForMessages, mediaRowsById, viewFor } from './for-message';
export { mediaPlugin } from './plugin';

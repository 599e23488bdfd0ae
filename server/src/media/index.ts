// What the rest of the server uses from media: message code describes media and checks it before sending.
export { type MediaContext, mediaForMessage, mediaForMessages } from './for-message';
export { mediaPlugin } from './plugin';

// What the rest of the server uses from media: message code describes media and checks it before sending.
export {
  assertUsableMedia,
  type MediaContext,
  mediaForMessage,
  mediaForMessages,
  type MessageMediaAccess,
  viewFor,
} from './for-message';
export { viewOf, type MediaView } from './access';
export { mediaPlugin, type MediaService } from './plugin';

import {
  commentDeleteResponse,
  commentPatchBody,
  commentsPage,
  commentsQuery,
  newCommentBody,
  postCommentEnvelope,
  postLikeResponse,
  postPinResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import {
  addComment,
  addCommentCodes,
  deleteComment,
  listComments,
  manageCommentCodes,
  setCommentHidden,
} from '../feed/comments';
import { engageCodes } from '../feed/engage-access';
import { setLike } from '../feed/likes';
import { pinCodes, setPinned } from '../feed/pins';
import { assertRegionAllows, regionCodes } from '../region/guard';
import { withErrors } from './with-errors';

const postParams = z.object({ id: z.string() });
const commentParams = z.object({ id: z.string(), comment_id: z.string() });

/** Likes, comments and pins on feed posts (docs/rules.md, Post likes, comments and pins). */
export const feedEngagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  for (const [method, liked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/v1/feed/:id/like',
      ...guarded,
      schema: {
        params: postParams,
        response: withErrors({ 200: postLikeResponse }, [...engageCodes, ...regionCodes]),
      },
      handler: async (request) => {
        await assertRegionAllows(app, request, { post: request.params.id });
        return setLike(app, currentUser(request).id, request.params.id, liked);
      },
    });
    app.route({
      method,
      url: '/v1/feed/:id/pin',
      ...guarded,
      schema: { params: postParams, response: withErrors({ 200: postPinResponse }, pinCodes) },
      handler: async (request) => {
        await setPinned(app.db, currentUser(request).id, request.params.id, liked);
        return { pinned: liked };
      },
    });
  }

  app.get(
    '/v1/feed/:id/comments',
    {
      ...guarded,
      schema: {
        params: postParams,
        querystring: commentsQuery,
        response: withErrors({ 200: commentsPage }, [...engageCodes, ...regionCodes]),
      },
    },
    async (request) => {
      await assertRegionAllows(app, request, { post: request.params.id });
      return listComments(app, currentUser(request).id, request.params.id, request.query);
    },
  );

  app.post(
    '/v1/feed/:id/comments',
    {
      ...guarded,
      schema: {
        params: postParams,
        body: newCommentBody,
        response: withErrors({ 200: postCommentEnvelope }, [...addCommentCodes, ...regionCodes]),
      },
    },
    async (request) => {
      await assertRegionAllows(app, request, { post: request.params.id });
      return addComment(app, currentUser(request), request.params.id, request.body.text);
    },
  );

  app.patch(
    '/v1/feed/:id/comments/:comment_id',
    {
      ...guarded,
      schema: {
        params: commentParams,
        body: commentPatchBody,
        response: withErrors({ 200: postCommentEnvelope }, manageCommentCodes),
      },
    },
    async (request) => {
      const { id, comment_id } = request.params;
      return setCommentHidden(app, currentUser(request).id, id, comment_id, request.body.hidden);
    },
  );

  app.delete(
    '/v1/feed/:id/comments/:comment_id',
    {
      ...guarded,
      schema: {
        params: commentParams,
        response: withErrors({ 200: commentDeleteResponse }, manageCommentCodes),
      },
    },
    async (request) => {
      const { id, comment_id } = request.params;
      const counts = await deleteComment(app, currentUser(request).id, id, comment_id);
      return { comment_count: counts.comment_count };
    },
  );
};
